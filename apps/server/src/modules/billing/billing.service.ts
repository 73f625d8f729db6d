import { createHash, randomUUID } from 'node:crypto';
import {
  cardExpiry,
  CREDITS_PER_CENT,
  normalizeOrderType,
  PAYMENT_LIMITS,
  payMethodOf,
  payReturnPath,
  type PayBody,
  type PayMethod,
} from '@kindred/protocol';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import type { Member } from '../../domain/member.js';
import { DomainError, fail } from '../../errors.js';
import type { CardDetails, PaymentIntent } from '../../infra/payments/provider.js';
import type { PaymentProviders } from '../../infra/payments/providers.js';
import type { CreditsRepository } from '../credits/credits.repository.js';
import type { MembershipsRepository } from './memberships.repository.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import type { PackagesRepository } from './packages.repository.js';
import { MEMBERSHIP_MONTH_MS, type SettlementService } from './settlement.service.js';

interface Priced {
  orderType: 1 | 2;
  packageId: number | null;
  amountCents: number;
  credits: number;
  vipLevel: 0 | 1 | 2;
  months: number;
}

/** The body fields the fingerprint covers: everything but the card's secrets, which are never kept, not even hashed. */
const SECRET_FIELDS = new Set(['card_number', 'cvv', 'exp_month', 'exp_year', 'exp_date']);

export function payFingerprint(body: PayBody): string {
  const kept = Object.entries(body)
    .filter(([key]) => !SECRET_FIELDS.has(key))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(kept)).digest('hex');
}

/** How long a concurrent retry waits for the first attempt of its guid to reach the provider. */
const CONCURRENT_RETRY_WAIT_MS = 10_000;

/**
 * Payments (docs/product-rules.md "Payments"): the server prices every order from its packages,
 * the guid makes `pay` idempotent, balance upgrades charge credits in the transaction that extends
 * the membership, and every other method goes through the provider configured for it.
 */
export class BillingService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersRepository,
    private readonly packages: PackagesRepository,
    private readonly credits: CreditsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly settlement: SettlementService,
    private readonly providers: PaymentProviders,
    private readonly options: { publicUrl: string },
    private readonly now: () => number,
  ) {}

  async issueGuid(member: Member): Promise<{ guid: string; url: string }> {
    const guid = randomUUID();
    await this.orders.issueGuid(guid, member.id, this.now(), PAYMENT_LIMITS.guidTtlSeconds * 1000);
    return { guid, url: this.providers.scriptUrl() };
  }

  async pay(member: Member, body: PayBody): Promise<OrderRow> {
    if (body.user_id !== member.id) throw fail('pay_not_yours');
    // Paying for someone else is not offered: a member buys credits and memberships for themself.
    if (body.gainer_id !== 0 && body.gainer_id !== member.id) throw fail('pay_not_yours');
    const fingerprint = payFingerprint(body);

    const existing = await this.orders.findByGuid(member.id, body.guid);
    if (existing) return this.replay(existing, fingerprint);
    const issued = await this.orders.findGuid(body.guid);
    if (!issued || issued.user_id !== member.id || issued.expires_at <= this.now()) throw fail('guid_invalid');

    const method = payMethodOf(body.pay_type);
    const priced = await this.price(body);
    if (method === 'balance' && priced.orderType !== 2) throw fail('pay_method_unavailable');
    const now = this.now();
    const order = {
      user_id: member.id,
      gainer_id: member.id,
      order_type: priced.orderType,
      package_id: priced.packageId,
      pay_type: body.pay_type,
      amount_cents: priced.amountCents,
      credits: priced.credits,
      status: 'pending' as const,
      guid: body.guid,
      provider_ref: '',
      fingerprint,
      provider: method === 'balance' ? 'balance' : this.providers.for(method).name,
      vip_level: priced.vipLevel,
      months: priced.months,
      created_at: now,
      updated_at: now,
      expires_at: now + PAYMENT_LIMITS.orderTtlSeconds * 1000,
    };
    if (method === 'balance') return this.payFromBalance(member, order, fingerprint);

    const created = await this.orders.insert(order);
    if (!created) return this.replay((await this.orders.findByGuid(member.id, body.guid))!, fingerprint);
    return this.payWithProvider(created, method, body);
  }

  async find(member: Member, guid: string): Promise<OrderRow> {
    const order = await this.orders.findByGuid(member.id, guid);
    if (!order) throw fail('not_found');
    return this.settlement.refresh(order);
  }

  /** The order's price from the packages (or the custom recharge amount); a client income that disagrees is refused. */
  private async price(body: PayBody): Promise<Priced> {
    const orderType = normalizeOrderType(body.order_type);
    if (orderType === 2) {
      const pkg = body.packege_id ? await this.packages.findUpgrade(body.packege_id) : undefined;
      if (!pkg || (pkg.vip !== 1 && pkg.vip !== 2)) throw fail('package_unavailable');
      if (Number(pkg.amount_cents) !== body.income) throw fail('amount_mismatch', { amounts: (Number(pkg.amount_cents) / 100).toFixed(2) });
      return { orderType, packageId: pkg.id, amountCents: Number(pkg.amount_cents), credits: 0, vipLevel: pkg.vip as 1 | 2, months: pkg.months };
    }
    if (body.packege_id) {
      const pkg = await this.packages.findRecharge(body.packege_id);
      if (!pkg) throw fail('package_unavailable');
      if (Number(pkg.amount_cents) !== body.income) throw fail('amount_mismatch', { amounts: (Number(pkg.amount_cents) / 100).toFixed(2) });
      return { orderType, packageId: pkg.id, amountCents: Number(pkg.amount_cents), credits: Number(pkg.credits), vipLevel: 0, months: 0 };
    }
    // A custom amount: PayBody already held it to the rule (> 0, two decimals, at most the maximum).
    return { orderType, packageId: null, amountCents: body.income, credits: body.income * CREDITS_PER_CENT, vipLevel: 0, months: 0 };
  }

  /** The balance pays an upgrade: the charge, the paid order and the longer membership commit together or not at all. */
  private async payFromBalance(member: Member, order: Parameters<OrdersRepository['insert']>[0], fingerprint: string): Promise<OrderRow> {
    const now = this.now();
    try {
      const paid = await inTransaction(this.db, async (unit) => {
        const row = await this.orders.insert({ ...order, status: 'paid', paid_at: now }, unit.trx);
        if (!row) return null;
        const balance = await this.credits.charge(member.id, Number(row.amount_cents) * CREDITS_PER_CENT, 'upgrade', { type: 'order', id: row.id }, unit.trx);
        if (balance === null) throw fail('insufficient_credits');
        await this.memberships.extend(member.id, row.vip_level === 2 ? 2 : 1, row.months * MEMBERSHIP_MONTH_MS, now, unit.trx);
        unit.afterCommit(() => this.settlement.notifyMembershipChanged(member.id));
        return row;
      });
      if (paid) return paid;
    } catch (error) {
      // Another attempt with this guid committed first (the unique key, on PostgreSQL inside the transaction).
      if (!(error instanceof DomainError) && isUniqueViolation(error)) return this.replay((await this.orders.findByGuid(member.id, order.guid))!, fingerprint);
      throw error;
    }
    return this.replay((await this.orders.findByGuid(member.id, order.guid))!, fingerprint);
  }

  private async payWithProvider(order: OrderRow, method: Exclude<PayMethod, 'balance'>, body: PayBody): Promise<OrderRow> {
    const provider = this.providers.for(method);
    let intent: PaymentIntent;
    try {
      intent = await provider.createAndConfirm({
        orderId: order.id,
        guid: order.guid,
        amountCents: Number(order.amount_cents),
        currency: 'usd',
        description: order.order_type === 2 ? `Kindred ${order.vip_level === 2 ? 'SVIP' : 'VIP'} ${order.months} month(s)` : 'Kindred credits',
        method,
        payer: { name: body.card_fullName, email: body.card_email, phone: body.card_fullPhone },
        card: method === 'card' ? cardOf(body) : undefined,
        returnUrl: `${this.options.publicUrl}${payReturnPath(body.return_to, order.guid)}`,
        locale: body.lang,
      });
    } catch {
      // The provider's error text may name what was sent: it goes nowhere, the order says provider_error.
      intent = { providerRef: '', status: 'failed', failureCode: 'provider_error' };
    }
    const returnUrl = `${this.options.publicUrl}${payReturnPath(body.return_to, order.guid)}`;
    // Processing (a delayed method): the payer waits on the result page, which asks the order.
    const next = intent.status === 'requires_action' && intent.nextAction ? intent.nextAction : intent.status === 'processing' ? { type: 'redirect', url: returnUrl } : { type: '', url: '' };
    await this.orders.setIntent(order.id, { provider_ref: intent.providerRef, next_type: next.type, next_url: next.url }, this.now());
    const stored = (await this.orders.findById(order.id))!;
    await this.settlement.apply(stored, intent);
    return this.answer((await this.orders.findById(order.id))!);
  }

  /** A retry of a guid answers what the first attempt answered; another body under the same guid is refused. */
  private async replay(order: OrderRow, fingerprint: string): Promise<OrderRow> {
    if (order.fingerprint !== fingerprint) throw fail('guid_conflict');
    const deadline = Date.now() + CONCURRENT_RETRY_WAIT_MS;
    let current = order;
    // The first attempt is still talking to the provider (a pending order always gets a next step): its answer is the one to repeat.
    while (current.status === 'pending' && !current.next_url && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      current = (await this.orders.findById(order.id)) ?? current;
    }
    return this.answer(current);
  }

  /** A failed order answers the decline (status -2, data.failure); any other is the order as it stands. */
  private answer(order: OrderRow): OrderRow {
    if (order.status === 'failed' || order.status === 'expired') throw fail('payment_declined', { failure: order.failure_code || order.status, guid: order.guid });
    return order;
  }
}

function cardOf(body: PayBody): CardDetails {
  const expiry = cardExpiry(body) ?? { month: 0, year: 0 };
  return {
    number: body.card_number,
    expMonth: expiry.month,
    expYear: expiry.year,
    cvv: body.cvv,
    country: body.card_country,
    state: body.card_state,
    city: body.card_city,
    address: body.card_address,
    zip: body.card_ZipCode,
  };
}

