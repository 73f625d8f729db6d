import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { fail } from '../../errors.js';
import { WebhookSignatureError, type IntentStatus, type PaymentIntent } from '../../infra/payments/provider.js';
import type { PaymentProviders } from '../../infra/payments/providers.js';
import type { CreditsRepository } from '../credits/credits.repository.js';
import type { MembershipsRepository } from './memberships.repository.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

/** A month of membership, as bought: 30 days (docs/product-rules.md "Payments"). */
export const MEMBERSHIP_MONTH_MS = 30 * 86_400_000;

interface Log {
  warn(obj: unknown, msg: string): void;
  info(obj: unknown, msg: string): void;
}

/**
 * Applies what a provider reports to an order, once: pending → paid credits the recharge or
 * extends the membership in the same transaction as the status change, whose condition
 * (status != 'paid') lets exactly one of any number of concurrent confirmations through. A
 * provider event is recorded in that transaction too, so a replayed webhook changes nothing.
 */
export class SettlementService {
  private readonly membershipListeners = new Set<(userId: number) => void>();

  constructor(
    private readonly db: Db,
    private readonly orders: OrdersRepository,
    private readonly credits: CreditsRepository,
    private readonly memberships: MembershipsRepository,
    private readonly providers: PaymentProviders,
    private readonly log: Log,
    private readonly now: () => number,
  ) {}

  /** Told after a membership changed (composition.ts: the member's sockets re-derive their level on every node). */
  onMembershipChanged(listener: (userId: number) => void): void {
    this.membershipListeners.add(listener);
  }

  /** Marks the order paid and delivers what it bought; false when it was paid before. */
  async succeed(order: OrderRow, event?: { provider: string; eventId: string }): Promise<boolean> {
    const now = this.now();
    const paid = await inTransaction(this.db, async (unit) => {
      if (event && !(await this.orders.recordEvent(event.provider, event.eventId, order.id, now, unit.trx))) return false;
      if (!(await this.orders.markPaid(order.id, now, unit.trx))) return false;
      const gainer = order.gainer_id ?? order.user_id;
      if (gainer === null) return true;
      if (order.order_type === 2) {
        await this.memberships.extend(gainer, order.vip_level === 2 ? 2 : 1, order.months * MEMBERSHIP_MONTH_MS, now, unit.trx);
        unit.afterCommit(() => this.notifyMembershipChanged(gainer));
      } else {
        await this.credits.credit(gainer, Number(order.credits), 'recharge', { type: 'order', id: order.id }, unit.trx);
      }
      return true;
    }).catch((error) => this.duplicateEvent(error));
    if (paid) this.log.info({ orderId: order.id, orderType: order.order_type }, 'order paid');
    return paid;
  }

  async failOrder(order: OrderRow, failureCode: string, event?: { provider: string; eventId: string }): Promise<void> {
    const now = this.now();
    await inTransaction(this.db, async (unit) => {
      if (event && !(await this.orders.recordEvent(event.provider, event.eventId, order.id, now, unit.trx))) return;
      await this.orders.markFailed(order.id, failureCode, now, unit.trx);
    }).catch((error) => this.duplicateEvent(error));
  }

  /** Applies an intent's state as the provider answers it (after createAndConfirm, or when the payer comes back). */
  async apply(order: OrderRow, intent: Pick<PaymentIntent, 'status' | 'failureCode'>): Promise<void> {
    if (intent.status === 'succeeded') await this.succeed(order);
    else if (intent.status === 'failed') await this.failOrder(order, intent.failureCode ?? 'card_declined');
  }

  /**
   * A pending order the payer asks about: the provider is asked how its intent stands, so a payer
   * back from a hosted page sees the outcome even before the webhook arrives.
   */
  async refresh(order: OrderRow): Promise<OrderRow> {
    if (order.status !== 'pending' || !order.provider_ref) return order;
    const provider = this.providers.byName(order.provider);
    if (!provider) return order;
    let status: IntentStatus;
    let failureCode: string | undefined;
    try {
      ({ status, failureCode } = await provider.retrieve(order.provider_ref));
    } catch (err) {
      this.log.warn({ err: (err as Error).message, orderId: order.id }, 'payment provider could not be asked');
      return order;
    }
    if (status === 'succeeded' || status === 'failed') await this.apply(order, { status, failureCode: failureCode as PaymentIntent['failureCode'] });
    return (await this.orders.findById(order.id)) ?? order;
  }

  /**
   * A webhook delivery: 400 (webhook_invalid) when the provider is unknown or the signature does
   * not verify, with nothing changed; otherwise applied once per event id.
   */
  async webhook(providerName: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<'applied' | 'ignored'> {
    const provider = this.providers.byName(providerName);
    if (!provider) throw fail('webhook_invalid');
    let event;
    try {
      event = await provider.parseWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        this.log.warn({ provider: providerName }, 'webhook refused: signature does not verify');
        throw fail('webhook_invalid');
      }
      throw error;
    }
    if (!event) return 'ignored';
    const order = await this.orders.findByProviderRef(provider.name, event.providerRef);
    // Not one of ours (another system on the same account, or an order deleted with its member).
    if (!order) return 'ignored';
    const tag = { provider: provider.name, eventId: event.eventId };
    if (event.status === 'succeeded') await this.succeed(order, tag);
    else await this.failOrder(order, event.failureCode ?? 'card_declined', tag);
    return 'applied';
  }

  /** Expires pending orders nobody confirmed, and guids nobody used. */
  async expire(): Promise<number> {
    const now = this.now();
    const expired = await this.orders.expirePending(now);
    await this.orders.deleteExpiredGuids(now);
    if (expired) this.log.info({ expired }, 'unconfirmed orders expired');
    return expired;
  }

  notifyMembershipChanged(userId: number): void {
    for (const listener of this.membershipListeners) listener(userId);
  }

  /** Two deliveries of one event at once: the unique key refused the second, which changes nothing. */
  private duplicateEvent(error: unknown): false {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
