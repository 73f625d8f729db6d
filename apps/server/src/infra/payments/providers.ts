import type { PaymentsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { PaymentMethodKind, PaymentProvider } from './provider.js';
import { SandboxProvider } from './sandbox-provider.js';
import { STRIPE_FRAME_ORIGINS, StripeProvider } from './stripe-provider.js';

/**
 * The providers of this server and which one takes each method (PAYMENT_<METHOD>_PROVIDER; unset:
 * Stripe for card, wallet and scan-code when STRIPE_SECRET_KEY is set, else the sandbox). The
 * sandbox always exists: orders it started keep settling after an operator switches to Stripe.
 */
export class PaymentProviders {
  readonly sandbox: SandboxProvider;
  readonly stripe?: StripeProvider;

  constructor(
    private readonly config: PaymentsConfig,
    options: { db: Db; publicUrl: string; now?: () => number },
  ) {
    this.sandbox = new SandboxProvider({ db: options.db, publicUrl: options.publicUrl, secret: config.sandboxWebhookSecret, now: options.now });
    if (config.stripe) {
      this.stripe = new StripeProvider({
        secretKey: config.stripe.secretKey,
        // Without one every Stripe webhook is refused; config.ts insists on it in production.
        webhookSecret: config.stripe.webhookSecret ?? '',
        apiBase: config.stripe.apiBase,
        publicUrl: options.publicUrl,
      });
    }
  }

  /** The provider that takes `method`. */
  for(method: PaymentMethodKind): PaymentProvider {
    const name = this.config.providers[method];
    if (name === 'stripe') {
      if (!this.stripe) throw new Error(`PAYMENT_${method.toUpperCase()}_PROVIDER is stripe but STRIPE_SECRET_KEY is unset`);
      return this.stripe;
    }
    return this.sandbox;
  }

  /** A provider by the name stored on an order or in a webhook path; undefined when this server has none of that name. */
  byName(name: string): PaymentProvider | undefined {
    if (name === 'sandbox') return this.sandbox;
    if (name === 'stripe') return this.stripe;
    return undefined;
  }

  /** The script generateuuid answers: the card method's provider's. */
  scriptUrl(): string {
    return this.for('card').scriptUrl();
  }
}

/** The origins the web may frame for a challenge (CSP frame-src): our own sandbox pages, and Stripe's when it is used. */
export function paymentFrameOrigins(config: PaymentsConfig): string[] {
  return ["'self'", ...(Object.values(config.providers).includes('stripe') ? STRIPE_FRAME_ORIGINS : [])];
}
