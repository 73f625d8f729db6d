import type Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CreatePayment,
  type FailureCode,
  type PaymentIntent,
  type PaymentProvider,
  type WebhookEvent,
} from './provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is reached, e.g. http://127.0.0.1:12111 for a stand-in; unset: api.stripe.com over https. */
  apiBase?: string;
  /** PUBLIC_URL: relative return URLs are resolved against it. */
  publicUrl: string;
}

/**
 * The origin a 3-D Secure challenge (next_action.redirect_to_url) is framed from: Stripe's hooks
 * host renders the issuer's challenge inside its own page, so our frame-src needs only this one.
 */
export const STRIPE_FRAME_ORIGINS = ['https://hooks.stripe.com'];

/** Marks the PaymentIntent a Checkout Session creates: its events arrive as checkout.session.* too, and those carry the reference we stored. */
const FROM_CHECKOUT = 'checkout';

/** Card error codes (and issuer decline codes) that mean something to the payer; any other decline is a plain decline. */
const CARD_FAILURES: Record<string, FailureCode> = {
  card_declined: 'card_declined',
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  incorrect_number: 'invalid_card',
  invalid_number: 'invalid_card',
  invalid_expiry_month: 'invalid_card',
  invalid_expiry_year: 'invalid_card',
};

function failureOf(error: { code?: string | null; decline_code?: string | null } | null | undefined): FailureCode {
  if (!error) return 'card_declined';
  return CARD_FAILURES[error.decline_code ?? ''] ?? CARD_FAILURES[error.code ?? ''] ?? 'card_declined';
}

/** The loaded SDK: a client, and the class a decline is thrown as. */
interface StripeSdk {
  client: Stripe;
  CardError: typeof Stripe.errors.StripeCardError;
}

/** The SDK takes host, port and protocol apart; an https URL without a port means 443. */
function apiTarget(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Stripe through its official SDK. Cards are confirmed server-side with the details the card form
 * posted to us (this needs an account allowed to send raw card data; see the README), wallets and
 * the other provider go to a hosted Checkout page, scan-code is WeChat Pay's QR code.
 *
 * Card details are put into the one request that confirms the payment and go nowhere else: no
 * field of this class, no log line, no answer. An SDK error's text is never passed on either
 * (it may name parameters); members see our failure codes only.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly sdk: Promise<StripeSdk>;
  private readonly webhookSecret: string;
  private readonly publicUrl: string;

  constructor(options: StripeProviderOptions) {
    // The SDK (about 700 KB of JavaScript) is loaded by a server that uses Stripe only, starting
    // now; a server on the sandbox alone never reads it (the bundle keeps it in a lazy chunk).
    this.sdk = import('stripe').then(({ default: StripeClass }) => ({
      client: new StripeClass(options.secretKey, {
        ...apiTarget(options.apiBase),
        // Safe to retry: every creating request carries the order's guid as its idempotency key.
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        appInfo: { name: 'Kindred' },
      }),
      CardError: StripeClass.errors.StripeCardError,
    }));
    // A failed load surfaces at the first call that needs the SDK, not as an unhandled rejection at start.
    this.sdk.catch(() => undefined);
    this.webhookSecret = options.webhookSecret;
    this.publicUrl = options.publicUrl;
  }

  async createAndConfirm(payment: CreatePayment): Promise<PaymentIntent> {
    const sdk = await this.sdk;
    try {
      if (payment.method === 'card') return await this.confirmCard(sdk.client, payment);
      if (payment.method === 'scan') return await this.confirmScan(sdk.client, payment);
      return await this.openCheckout(sdk.client, payment);
    } catch (error) {
      return refused(sdk, error);
    }
  }

  async retrieve(providerRef: string): Promise<PaymentIntent> {
    const sdk = await this.sdk;
    try {
      if (providerRef.startsWith('cs_')) return fromSession(await sdk.client.checkout.sessions.retrieve(providerRef));
      return fromIntent(await sdk.client.paymentIntents.retrieve(providerRef));
    } catch (error) {
      return refused(sdk, error, providerRef);
    }
  }

  async parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookEvent | null> {
    const header = headers['stripe-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
    const { client } = await this.sdk;
    let event: Stripe.Event;
    try {
      // Also refuses a delivery signed more than 5 minutes ago: a replay of an old one.
      event = client.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new WebhookSignatureError();
    }
    return webhookEventOf(event);
  }

  /** Nothing to load: the card form posts to our server and the hosted pages are Stripe's own, so the CSP stays 'self'. */
  scriptUrl(): string {
    return '';
  }

  private async confirmCard(stripe: Stripe, payment: CreatePayment): Promise<PaymentIntent> {
    const card = payment.card;
    if (!card) return { providerRef: '', status: 'failed', failureCode: 'invalid_card' };
    const country = /^[A-Za-z]{2}$/.test(card.country) ? card.country.toUpperCase() : undefined;
    // Raw card fields are accepted by the API only for accounts with raw card data access, so the SDK's types leave them out.
    const paymentMethodData: Stripe.PaymentIntentCreateParams.PaymentMethodData & { card: Stripe.PaymentMethodCreateParams.Card } = {
      type: 'card',
      card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvv },
      billing_details: {
        name: payment.payer.name || undefined,
        email: payment.payer.email || undefined,
        phone: payment.payer.phone || undefined,
        address: { country, state: card.state || undefined, city: card.city || undefined, line1: card.address || undefined, postal_code: card.zip || undefined },
      },
    };
    const intent = await stripe.paymentIntents.create(
      {
        ...this.intentBase(payment),
        allowed_payment_method_types: ['card'],
        payment_method_data: paymentMethodData,
        confirm: true,
        return_url: this.absolute(payment.returnUrl),
      },
      { idempotencyKey: payment.guid },
    );
    return fromIntent(intent);
  }

  private async confirmScan(stripe: Stripe, payment: CreatePayment): Promise<PaymentIntent> {
    const intent = await stripe.paymentIntents.create(
      {
        ...this.intentBase(payment),
        allowed_payment_method_types: ['wechat_pay'],
        payment_method_data: { type: 'wechat_pay' },
        payment_method_options: { wechat_pay: { client: 'web' } },
        confirm: true,
      },
      { idempotencyKey: payment.guid },
    );
    return fromIntent(intent);
  }

  /** Wallets and the other provider: Stripe's hosted Checkout page; the session id is the reference (retrieve and webhooks use it). */
  private async openCheckout(stripe: Stripe, payment: CreatePayment): Promise<PaymentIntent> {
    const metadata = this.metadataOf(payment);
    const returnUrl = this.absolute(payment.returnUrl);
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: payment.currency, unit_amount: payment.amountCents, product_data: { name: payment.description } } }],
        success_url: returnUrl,
        cancel_url: returnUrl,
        customer_email: payment.payer.email || undefined,
        client_reference_id: String(payment.orderId),
        metadata,
        payment_intent_data: { description: payment.description, metadata: { ...metadata, source: FROM_CHECKOUT } },
      },
      { idempotencyKey: payment.guid },
    );
    return fromSession(session);
  }

  private intentBase(payment: CreatePayment) {
    return { amount: payment.amountCents, currency: payment.currency, description: payment.description, metadata: this.metadataOf(payment) };
  }

  private metadataOf(payment: CreatePayment): Record<string, string> {
    return { order_id: String(payment.orderId), guid: payment.guid };
  }

  private absolute(url: string): string {
    return new URL(url, this.publicUrl).toString();
  }

}

/** A decline answers 'failed' with its reason; anything else (network, keys, a refused parameter) is our problem, not the payer's. */
function refused(sdk: StripeSdk, error: unknown, providerRef = ''): PaymentIntent {
  if (error instanceof sdk.CardError) {
    return { providerRef: error.payment_intent?.id ?? providerRef, status: 'failed', failureCode: failureOf(error) };
  }
  return { providerRef, status: 'failed', failureCode: 'provider_error' };
}

function fromIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const providerRef = intent.id;
  switch (intent.status) {
    case 'succeeded':
      return { providerRef, status: 'succeeded' };
    case 'requires_action': {
      const action = intent.next_action;
      if (action?.redirect_to_url?.url) return { providerRef, status: 'requires_action', nextAction: { type: 'iframe', url: action.redirect_to_url.url } };
      const qr = action?.wechat_pay_display_qr_code;
      if (qr?.hosted_instructions_url) return { providerRef, status: 'requires_action', nextAction: { type: 'scan', url: qr.hosted_instructions_url } };
      // An action we cannot show (e.g. one that needs Stripe.js): the payer cannot finish it here.
      return { providerRef, status: 'failed', failureCode: 'provider_error' };
    }
    case 'requires_payment_method':
      // After a declined attempt (a failed challenge too) Stripe waits for another method; for us the attempt failed.
      return { providerRef, status: 'failed', failureCode: intent.last_payment_error ? failureOf(intent.last_payment_error) : 'card_declined' };
    case 'canceled':
      return { providerRef, status: 'failed', failureCode: 'provider_error' };
    default:
      // processing, requires_confirmation, requires_capture: not settled yet; a webhook will say how it ends.
      return { providerRef, status: 'processing' };
  }
}

function fromSession(session: Stripe.Checkout.Session): PaymentIntent {
  const providerRef = session.id;
  if (session.status === 'complete') {
    return session.payment_status === 'unpaid' ? { providerRef, status: 'processing' } : { providerRef, status: 'succeeded' };
  }
  if (session.status === 'expired') return { providerRef, status: 'failed', failureCode: 'provider_error' };
  if (session.url) return { providerRef, status: 'requires_action', nextAction: { type: 'redirect', url: session.url } };
  return { providerRef, status: 'failed', failureCode: 'provider_error' };
}

/** The events that settle an order; every other type answers null (acknowledged, nothing to do). */
function webhookEventOf(event: Stripe.Event): WebhookEvent | null {
  const eventId = event.id;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      if (intent.metadata?.source === FROM_CHECKOUT) return null;
      if (event.type === 'payment_intent.succeeded') return { eventId, providerRef: intent.id, status: 'succeeded' };
      return { eventId, providerRef: intent.id, status: 'failed', failureCode: failureOf(intent.last_payment_error) };
    }
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // Completed but unpaid: a delayed method; async_payment_succeeded or _failed follows.
      if (session.payment_status === 'unpaid') return null;
      return { eventId, providerRef: session.id, status: 'succeeded' };
    }
    case 'checkout.session.async_payment_failed':
      return { eventId, providerRef: event.data.object.id, status: 'failed', failureCode: 'card_declined' };
    case 'checkout.session.expired':
      return { eventId, providerRef: event.data.object.id, status: 'failed', failureCode: 'provider_error' };
    default:
      return null;
  }
}
