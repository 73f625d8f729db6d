/**
 * The one interface every payment provider implements (sandbox, Stripe), shaped like Stripe's
 * PaymentIntents: create-and-confirm, an optional next action the payer must take (a hosted page,
 * a 3-D Secure-like frame, a QR code), retrieval of the current state, and verified webhooks.
 *
 * The billing service owns orders and the ledger; a provider only moves money and reports what
 * happened. Card details pass through `confirm` and are never stored, logged or echoed by either.
 */

/** How the payer pays, derived by billing from the spec's pay_type (0 balance never reaches a provider). */
export type PaymentMethodKind =
  /** pay_type 4: a full card form (number, expiry, CVV, billing address). */
  | 'card'
  /** pay_type 2 and 3: name, e-mail and phone; the provider's hosted checkout takes the rest. */
  | 'wallet'
  /** pay_type 1 and 5: the other provider's hosted page. */
  | 'other'
  /** pay_type 6: a QR code that a phone scans and pays. */
  | 'scan';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  country: string;
  state: string;
  city: string;
  address: string;
  zip: string;
}

export interface Payer {
  name: string;
  email: string;
  phone: string;
}

export interface CreatePayment {
  /** Our order id and its guid (the idempotency key the provider is given too). */
  orderId: number;
  guid: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  method: PaymentMethodKind;
  payer: Payer;
  /** Only for method 'card'; the provider must not keep it. */
  card?: CardDetails;
  /** Where the payer's browser comes back to after a hosted page or a challenge (absolute URL). */
  returnUrl: string;
  /** The payer's language, for the provider's pages (optional: a provider may ignore it). */
  locale?: 'en' | 'zh-CN' | 'zh-TW';
}

/** Stripe's PaymentIntent statuses, folded to what billing acts on. */
export type IntentStatus = 'succeeded' | 'processing' | 'requires_action' | 'failed';

export type FailureCode = 'card_declined' | 'insufficient_funds' | 'invalid_card' | 'expired_card' | 'incorrect_cvc' | 'provider_error' | 'cancelled';

export interface NextAction {
  /** redirect: the browser goes to url (spec "jump"); iframe: a full-page frame (spec "iframe"); scan: a QR page (spec pay_type 6). */
  type: 'redirect' | 'iframe' | 'scan';
  url: string;
}

export interface PaymentIntent {
  /** The provider's reference (a PaymentIntent or Checkout Session id), stored on the order. */
  providerRef: string;
  status: IntentStatus;
  nextAction?: NextAction;
  failureCode?: FailureCode;
}

/** A provider's notification that an intent settled, after its signature was verified. */
export interface WebhookEvent {
  /** The provider's event id (a replay carries the same one). */
  eventId: string;
  providerRef: string;
  status: 'succeeded' | 'failed';
  failureCode?: FailureCode;
}

export class WebhookSignatureError extends Error {
  constructor(message = 'webhook signature verification failed') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Creates the intent and confirms it in one step (the payer is present). Never throws for a decline: answers status 'failed'. */
  createAndConfirm(payment: CreatePayment): Promise<PaymentIntent>;
  /** The intent's current state (for a payer who comes back from a hosted page or a challenge). */
  retrieve(providerRef: string): Promise<PaymentIntent>;
  /** Verifies and parses a webhook delivery; throws WebhookSignatureError when it is not genuine. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookEvent | null>;
  /** The script URL `generateuuid` answers (the spec's clients load it); '' when the provider needs none. */
  scriptUrl(): string;
}
