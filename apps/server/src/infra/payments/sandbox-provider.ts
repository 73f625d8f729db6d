import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@kindred/protocol';
import type { Db } from '../../db/database.js';
import {
  WebhookSignatureError,
  type CardDetails,
  type CreatePayment,
  type FailureCode,
  type IntentStatus,
  type NextAction,
  type PaymentIntent,
  type PaymentProvider,
  type WebhookEvent,
} from './provider.js';

/** The header a sandbox webhook is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as Stripe signs. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signature older than this is refused (a replay within it is applied once, by its event id). */
const SIGNATURE_TOLERANCE_S = 300;

/** Where the sandbox's hosted pages live (sandbox-pages.ts serves them). */
export const SANDBOX_PAGES = '/payments/sandbox';

export type SandboxOutcome = { status: 'succeeded' } | { status: 'failed'; failureCode: FailureCode };

/** Delivers a webhook as a provider would: the same verification and crediting path as Stripe's. */
export type WebhookDelivery = (rawBody: Buffer, headers: Record<string, string>) => Promise<void>;

export interface SandboxOptions {
  db: Db;
  publicUrl: string;
  /** Signs webhooks; a random one per process when unset (delivery stays within the process). */
  secret?: string;
  now?: () => number;
}

/** Luhn's check digit (ISO/IEC 7812): catches a mistyped digit or two swapped neighbours. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What the sandbox decides for a card, before any page: the README lists the numbers. */
export function cardOutcome(card: CardDetails, nowMs: number): { status: IntentStatus; failureCode?: FailureCode } {
  if (!luhnValid(card.number)) return { status: 'failed', failureCode: 'invalid_card' };
  const now = new Date(nowMs);
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (card.expMonth < 1 || card.expMonth > 12 || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1))
    return { status: 'failed', failureCode: 'expired_card' };
  if (!/^\d{3,4}$/.test(card.cvv)) return { status: 'failed', failureCode: 'incorrect_cvc' };
  switch (card.number) {
    case SANDBOX_TEST_CARDS.declined:
      return { status: 'failed', failureCode: 'card_declined' };
    case SANDBOX_TEST_CARDS.insufficientFunds:
      return { status: 'failed', failureCode: 'insufficient_funds' };
    case SANDBOX_TEST_CARDS.challenge:
      return { status: 'requires_action' };
    default:
      return { status: 'succeeded' };
  }
}

/**
 * The built-in provider: no account, no network, and still shaped like a real one. Cards are
 * checked (Luhn, expiry, CVV) and decided by test numbers; a challenge card, a wallet, the other
 * provider and scan-code need the payer on one of the sandbox's own pages (sandbox-pages.ts),
 * which settle the intent and notify billing through a signed webhook, exactly as Stripe would.
 * Intents live in the database, so any node serves their pages. Card details are looked at and
 * dropped: no row, log line or answer holds them.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly secret: string;
  private readonly db: Db;
  private readonly publicUrl: string;
  private readonly now: () => number;
  private delivery?: WebhookDelivery;

  constructor(options: SandboxOptions) {
    this.db = options.db;
    this.publicUrl = options.publicUrl.replace(/\/$/, '');
    this.secret = options.secret ?? randomBytes(32).toString('hex');
    this.now = options.now ?? Date.now;
  }

  /** Where settled intents are reported: billing's webhook handler (composition.ts). */
  deliverTo(delivery: WebhookDelivery): void {
    this.delivery = delivery;
  }

  async createAndConfirm(payment: CreatePayment): Promise<PaymentIntent> {
    const ref = `sbx_${randomBytes(16).toString('hex')}`;
    let status: IntentStatus;
    let failureCode: FailureCode | undefined;
    let nextType: NextAction['type'] | '' = '';
    if (payment.method === 'card') {
      if (!payment.card) throw new Error('a card payment needs the card');
      ({ status, failureCode } = cardOutcome(payment.card, this.now()));
      if (status === 'requires_action') nextType = 'iframe';
    } else {
      status = 'requires_action';
      nextType = payment.method === 'scan' ? 'scan' : 'redirect';
    }
    const at = this.now();
    await this.db
      .insertInto('sandbox_intents')
      .values({
        ref,
        guid: payment.guid,
        amount_cents: payment.amountCents,
        method: payment.method,
        status,
        failure_code: failureCode ?? '',
        next_type: nextType,
        description: payment.description.slice(0, 200),
        return_url: payment.returnUrl,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return this.intentOf({ ref, status, failure_code: failureCode ?? '', next_type: nextType }, payment.locale);
  }

  async retrieve(providerRef: string): Promise<PaymentIntent> {
    const row = await this.find(providerRef);
    if (!row) return { providerRef, status: 'failed', failureCode: 'provider_error' };
    return this.intentOf(row);
  }

  find(ref: string) {
    return this.db.selectFrom('sandbox_intents').selectAll().where('ref', '=', ref).executeTakeFirst();
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookEvent | null> {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const value = Array.isArray(header) ? header[0] : header;
    const parts = Object.fromEntries((value ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
    const t = Number(parts.t);
    if (!Number.isInteger(t) || typeof parts.v1 !== 'string' || !/^[0-9a-f]{64}$/.test(parts.v1)) throw new WebhookSignatureError();
    const expected = Buffer.from(this.sign(t, rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'))) throw new WebhookSignatureError();
    if (Math.abs(Math.floor(this.now() / 1000) - t) > SIGNATURE_TOLERANCE_S) throw new WebhookSignatureError('webhook signature too old');
    let event: { id?: unknown; type?: unknown; data?: { ref?: unknown; failure_code?: unknown } };
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('webhook body is not JSON');
    }
    if (typeof event.id !== 'string' || typeof event.data?.ref !== 'string') return null;
    if (event.type === 'payment_intent.succeeded') return { eventId: event.id, providerRef: event.data.ref, status: 'succeeded' };
    if (event.type === 'payment_intent.payment_failed')
      return { eventId: event.id, providerRef: event.data.ref, status: 'failed', failureCode: (event.data.failure_code as FailureCode) || 'card_declined' };
    return null;
  }

  scriptUrl(): string {
    return '';
  }

  /**
   * The payer decided on a sandbox page: the intent settles once (a second decision changes
   * nothing) and billing hears of it by webhook. Answers the intent as it now stands.
   */
  async settle(ref: string, outcome: SandboxOutcome): Promise<{ settled: boolean; returnUrl: string } | null> {
    const row = await this.find(ref);
    if (!row) return null;
    const updated = await this.db
      .updateTable('sandbox_intents')
      .set({ status: outcome.status, failure_code: outcome.status === 'failed' ? outcome.failureCode : '', updated_at: this.now() })
      .where('ref', '=', ref)
      .where('status', '=', 'requires_action')
      .executeTakeFirst();
    const settled = Number(updated.numUpdatedRows) === 1;
    if (settled) await this.delivery?.(...this.signedEvent(ref, outcome));
    return { settled, returnUrl: row.return_url };
  }

  /** A webhook delivery for `ref`, signed as this provider signs them (tests replay and forge with it). */
  signedEvent(ref: string, outcome: SandboxOutcome, eventId = `evt_${randomBytes(12).toString('hex')}`): [Buffer, Record<string, string>] {
    const body = Buffer.from(
      JSON.stringify({
        id: eventId,
        type: outcome.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
        data: { ref, ...(outcome.status === 'failed' ? { failure_code: outcome.failureCode } : {}) },
      }),
    );
    const t = Math.floor(this.now() / 1000);
    return [body, { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: `t=${t},v1=${this.sign(t, body)}` }];
  }

  private sign(t: number, body: Buffer): string {
    return createHmac('sha256', this.secret).update(`${t}.`).update(body).digest('hex');
  }

  private intentOf(row: { ref: string; status: string; failure_code: string; next_type: string }, locale?: string): PaymentIntent {
    const status = row.status as IntentStatus;
    const intent: PaymentIntent = { providerRef: row.ref, status };
    if (status === 'failed') intent.failureCode = (row.failure_code || 'card_declined') as FailureCode;
    if (status === 'requires_action' && row.next_type) {
      const page = row.next_type === 'iframe' ? 'challenge' : row.next_type === 'scan' ? 'scan' : 'checkout';
      const lang = locale ? `?lang=${encodeURIComponent(locale)}` : '';
      intent.nextAction = { type: row.next_type as NextAction['type'], url: `${this.publicUrl}${SANDBOX_PAGES}/${page}/${row.ref}${lang}` };
    }
    return intent;
  }
}
