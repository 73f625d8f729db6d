import { payBody, seedPackages } from './helpers/billing.js';
import fc from 'fast-check';
import { PayBody } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { toMember } from '../src/domain/member.js';
import { DomainError } from '../src/errors.js';
import { buildUser } from './helpers/factories.js';
import { useSharedApp } from './helpers/test-app.js';

type Op =
  | { kind: 'recharge'; cents: number }
  | { kind: 'rechargePackage'; which: 0 | 1 | 2 }
  | { kind: 'gift'; price: number }
  | { kind: 'translation'; price: number }
  | { kind: 'upgrade'; which: 0 | 1 }
  | { kind: 'refund'; amount: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('recharge' as const), cents: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ kind: fc.constant('rechargePackage' as const), which: fc.constantFrom(0 as const, 1 as const, 2 as const) }),
  fc.record({ kind: fc.constant('gift' as const), price: fc.integer({ min: 1, max: 8_000 }) }),
  fc.record({ kind: fc.constant('translation' as const), price: fc.constantFrom(100, 1, 250) }),
  fc.record({ kind: fc.constant('upgrade' as const), which: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ kind: fc.constant('refund' as const), amount: fc.integer({ min: 1, max: 5_000 }) }),
);

/** Every kind of step and, for charges and upgrades, both answers: the runs must have shown each. */
const OUTCOMES = [
  'recharge',
  'rechargePackage',
  'gift:charged',
  'gift:refused',
  'translation:charged',
  'translation:refused',
  'upgrade:paid',
  'upgrade:refused',
  'refund',
];

/** Hand-picked sequences run before the random ones: exact balances, one short, an empty account. */
const EDGES: [number, Op[]][] = [
  [0, [{ kind: 'translation', price: 1 }, { kind: 'gift', price: 1 }, { kind: 'upgrade', which: 0 }, { kind: 'refund', amount: 1 }, { kind: 'translation', price: 1 }]],
  [2999, [{ kind: 'upgrade', which: 1 }, { kind: 'upgrade', which: 0 }, { kind: 'gift', price: 1 }]],
  [100, [{ kind: 'gift', price: 101 }, { kind: 'translation', price: 100 }, { kind: 'translation', price: 1 }]],
  [0, [{ kind: 'recharge', cents: 4999 }, { kind: 'upgrade', which: 1 }, { kind: 'rechargePackage', which: 1 }, { kind: 'gift', price: 3200 }, { kind: 'gift', price: 1 }]],
  [1, [{ kind: 'rechargePackage', which: 0 }, { kind: 'rechargePackage', which: 2 }, { kind: 'upgrade', which: 1 }, { kind: 'upgrade', which: 1 }, { kind: 'translation', price: 250 }]],
];

// A model check, not a durability one: SQLite may skip the fsync of each commit here.
const get = useSharedApp({ env: { SQLITE_SYNCHRONOUS: 'normal' } });

/**
 * The ledger against a model: after any sequence of recharges (card, custom and package), gifts,
 * translations, balance upgrades and refunds, the balance is what the model says, it never went
 * below zero, and the ledger explains every cent (each row's balance_after is the running sum).
 *
 * Cost: each step is a few committed transactions, so the runs are few and long (150 sequences of
 * up to 24 steps, ~1,900 steps) rather than many and short (1,000 of up to 8 gave ~4,500 steps and
 * 1,000 members for the same kinds of step): a long sequence also reaches the larger balances and
 * the interleavings a short one cannot. The examples run first and pin the edges random runs may
 * miss (charges and upgrades at exactly the balance, one cent short, on an empty account); the
 * outcome counts below prove every kind of step and both answers of a charge and an upgrade ran.
 */
describe('the credit ledger (property)', () => {
  it('matches a model over 150 random sequences of up to 24 steps', { timeout: 600_000 }, async () => {
    const ctx = get();
    const ids = await seedPackages(ctx);
    const packages = [
      { id: ids.recharge10, cents: 1000, credits: 1000 },
      { id: ids.recharge30, cents: 3000, credits: 3200 },
      { id: ids.recharge50, cents: 5000, credits: 5500 },
    ];
    const upgrades = [
      { id: ids.silver1, cents: 2999 },
      { id: ids.gold1, cents: 4999 },
    ];
    const { billing, credits } = ctx.services;
    const outcomes = new Map<string, number>();
    const saw = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);

    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10_000 }), fc.array(op, { minLength: 1, maxLength: 24 }), async (start, ops) => {
        const { user } = await buildUser(ctx, { credits: 0 });
        if (start > 0) await credits.credit(user.id, start, 'grant', { type: 'test' });
        let model = start;
        const member = () => toMember(user, 0, ctx.now());
        const pay = async (args: Parameters<typeof payBody>[0]) => billing.pay(member(), PayBody.parse(payBody(args)));
        for (const o of ops) {
          switch (o.kind) {
            case 'recharge': {
              const { guid } = await billing.issueGuid(member());
              await pay({ userId: user.id, guid, payType: 4, income: (o.cents / 100).toFixed(2) });
              model += o.cents;
              saw('recharge');
              break;
            }
            case 'rechargePackage': {
              const p = packages[o.which]!;
              const { guid } = await billing.issueGuid(member());
              await pay({ userId: user.id, guid, payType: 4, income: (p.cents / 100).toFixed(2), packageId: p.id });
              model += p.credits;
              saw('rechargePackage');
              break;
            }
            case 'gift':
            case 'translation': {
              const after = await credits.charge(user.id, o.price, o.kind, { type: o.kind });
              if (model >= o.price) {
                model -= o.price;
                expect(after).toBe(model);
                saw(`${o.kind}:charged`);
              } else {
                expect(after).toBeNull();
                saw(`${o.kind}:refused`);
              }
              break;
            }
            case 'upgrade': {
              const u = upgrades[o.which]!;
              const { guid } = await billing.issueGuid(member());
              const attempt = pay({ userId: user.id, guid, payType: 0, income: (u.cents / 100).toFixed(2), orderType: 2, packageId: u.id });
              if (model >= u.cents) {
                await attempt;
                model -= u.cents;
                saw('upgrade:paid');
              } else {
                await expect(attempt).rejects.toSatisfy((e) => e instanceof DomainError && e.id === 'insufficient_credits');
                saw('upgrade:refused');
              }
              break;
            }
            case 'refund':
              await credits.credit(user.id, o.amount, 'refund', { type: 'order' });
              model += o.amount;
              saw('refund');
              break;
          }
        }
        expect(await credits.balance(user.id)).toBe(model);
        const ledger = await ctx.db.selectFrom('ledger').select(['delta', 'balance_after']).where('user_id', '=', user.id).orderBy('id').execute();
        let running = 0;
        for (const row of ledger) {
          running += Number(row.delta);
          expect(Number(row.balance_after)).toBe(running);
          expect(running).toBeGreaterThanOrEqual(0);
        }
        expect(running).toBe(model);
      }),
      { numRuns: 150, examples: EDGES },
    );
    for (const what of OUTCOMES) expect(outcomes.get(what) ?? 0, what).toBeGreaterThan(0);
  });
});
