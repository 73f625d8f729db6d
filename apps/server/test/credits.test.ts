import { describe, expect, it } from 'vitest';
import { CreditsRepository } from '../src/modules/credits/credits.repository.js';
import { buildUser } from './helpers/factories.js';
import { startApp } from './helpers/test-app.js';

describe('CreditsRepository', () => {
  it('charges with a ledger row in the same transaction, and refuses (null, nothing written) when short', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { credits: 250 });
    const credits = new CreditsRepository(ctx.db, ctx.now);

    expect(await credits.charge(member.user.id, 100, 'translation', { type: 'translation' })).toBe(150);
    expect(await credits.charge(member.user.id, 200, 'gift', { type: 'gift', id: 7 })).toBeNull();
    expect(await credits.credit(member.user.id, 1000, 'recharge', { type: 'order', id: 3 })).toBe(1150);

    expect(await credits.balance(member.user.id)).toBe(1150);
    const ledger = await credits.ledger(member.user.id);
    expect(ledger.map((r) => [r.delta, r.balance_after, r.reason, r.ref_type, r.ref_id])).toEqual([
      [1000, 1150, 'recharge', 'order', 3],
      [-100, 150, 'translation', 'translation', null],
    ]);
  });

  it('takes part in a caller’s transaction: rolled back with it', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { credits: 500 });
    const credits = new CreditsRepository(ctx.db, ctx.now);

    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await credits.charge(member.user.id, 300, 'gift', { type: 'gift' }, trx);
        throw new Error('the gift failed');
      }),
    ).rejects.toThrow('the gift failed');

    expect(await credits.balance(member.user.id)).toBe(500);
    expect(await credits.ledger(member.user.id)).toEqual([]);
  });

  it('never takes a balance below zero, even under concurrent charges', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { credits: 550 });
    const credits = new CreditsRepository(ctx.db, ctx.now);

    const results = await Promise.all(Array.from({ length: 20 }, () => credits.charge(member.user.id, 100, 'translation', { type: 'translation' })));

    expect(results.filter((r) => r !== null).sort((a, b) => b! - a!)).toEqual([450, 350, 250, 150, 50]);
    expect(await credits.balance(member.user.id)).toBe(50);
    const ledger = await credits.ledger(member.user.id);
    expect(ledger).toHaveLength(5);
    expect(ledger.every((r) => r.balance_after >= 0)).toBe(true);
  });

  it('refuses amounts that are not positive integers', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { credits: 500 });
    const credits = new CreditsRepository(ctx.db, ctx.now);

    for (const amount of [0, -5, 1.5]) await expect(credits.charge(member.user.id, amount, 'x', { type: 'x' })).rejects.toThrow(/positive integer/);
  });

  it('charges several amounts of one member at once: one ledger row each, stepping down in order; all or nothing', async () => {
    const ctx = await startApp();
    const member = await buildUser(ctx, { credits: 1000 });
    const credits = new CreditsRepository(ctx.db, ctx.now);
    const charges = [300, 200, 100].map((amount, i) => ({ amount, reason: 'gift', ref: { type: 'gift_send', id: i + 1 } }));

    expect(await ctx.db.transaction().execute((trx) => credits.chargeEach(member.user.id, charges, trx))).toEqual([700, 500, 400]);
    // 600 more than the 400 left: nothing is taken and no ledger row is written.
    expect(await ctx.db.transaction().execute((trx) => credits.chargeEach(member.user.id, [...charges, { amount: 1, reason: 'gift', ref: { type: 'gift_send' } }], trx))).toBeNull();
    await expect(ctx.db.transaction().execute((trx) => credits.chargeEach(member.user.id, [{ amount: 0, reason: 'x', ref: { type: 'x' } }], trx))).rejects.toThrow(/positive integer/);

    expect(await credits.balance(member.user.id)).toBe(400);
    const ledger = await credits.ledger(member.user.id);
    expect(ledger.reverse().map((r) => [Number(r.delta), Number(r.balance_after), r.ref_id])).toEqual([
      [-300, 700, 1],
      [-200, 500, 2],
      [-100, 400, 3],
    ]);
  });
});
