import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe endpoints the provider uses (POST/GET /v1/payment_intents,
 * POST/GET /v1/checkout/sessions): the real SDK talks to it over HTTP with its form encoding,
 * bearer key and Idempotency-Key header, and gets answers shaped like Stripe's (objects, 402 card
 * errors with the intent attached, idempotent replays). Like Stripe it keeps no card number or
 * CVC in what it stores or answers, only brand and last4; `requests` records what was sent.
 *
 * Card behaviour follows Stripe's documented test cards.
 */

export const STAND_IN_SECRET_KEY = 'sk_test_standin_0123456789';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_standin_0123456789';

export const TEST_CARDS = {
  success: '4242424242424242',
  challenge: '4000000000003220',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
  processingError: '4000000000000119',
} as const;

type Form = { [key: string]: string | Form };

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey?: string;
  authorization?: string;
  rawBody: string;
  form: Form;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface StripeStandIn {
  /** The provider's apiBase (STRIPE_API_BASE). */
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, StripeObject>;
  sessions: Map<string, StripeObject>;
  /** Every answer the stand-in sent, as text: a test searches them for card data. */
  answers: string[];
  /** The next `count` requests answer 500 api_error; `retry` is Stripe's advice to the SDK (Stripe-Should-Retry). */
  failNext(count: number, retry: boolean): void;
  /** The payer finished a 3-D Secure challenge or paid the QR code. */
  settleIntent(id: string, outcome: 'approve' | 'decline'): StripeObject;
  /** The payer paid on the hosted Checkout page. */
  completeSession(id: string): StripeObject;
  expireSession(id: string): StripeObject;
  /** A signed webhook delivery of `type` about `object`, as Stripe would POST it. */
  webhook(type: string, object: StripeObject, options?: { secret?: string; timestamp?: number; eventId?: string }): { payload: string; signature: string; eventId: string };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0]=x`) back into nested objects; arrays stay index-keyed objects. */
export function parseForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] = (node[part] as Form | undefined) ?? {}) as Form;
    });
  }
  return root;
}

const str = (form: Form | string | undefined, ...path: string[]): string | undefined => {
  let node: Form | string | undefined = form;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

const luhn = (digits: string) =>
  /^\d{12,19}$/.test(digits) &&
  [...digits].reverse().reduce((sum, char, index) => {
    const d = Number(char) * (index % 2 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) % 10 === 0;

const cardError = (code: string, message: string, declineCode?: string) => ({ type: 'card_error', code, decline_code: declineCode, message });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const answers: string[] = [];
  const intents = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const replies = new Map<string, { body: string; status: number; answer: string }>();
  let failures = 0;
  let retryAdvice = 'false';

  const intentOf = (form: Form, paymentMethodId: string | null, methodType: string): StripeObject => ({
    id: id('pi'),
    object: 'payment_intent',
    amount: Number(str(form, 'amount')),
    amount_capturable: 0,
    amount_received: 0,
    allowed_payment_method_types: [methodType],
    capture_method: 'automatic_async',
    client_secret: `${id('pi')}_secret_${randomBytes(8).toString('hex')}`,
    confirmation_method: 'automatic',
    created: now(),
    currency: str(form, 'currency'),
    description: str(form, 'description') ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: (form.metadata as Form | undefined) ?? {},
    next_action: null,
    payment_method: paymentMethodId,
    status: 'requires_payment_method',
  });

  /** POST /v1/payment_intents with confirm=true: what Stripe does for each test card. */
  const createIntent = (form: Form): { status: number; body: unknown } => {
    const type = str(form, 'payment_method_data', 'type');
    if (!str(form, 'amount') || !str(form, 'currency') || !type) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Missing required param' } } };
    const paymentMethod = { id: id('pm'), object: 'payment_method', type };
    const intent = intentOf(form, paymentMethod.id, type);
    intents.set(intent.id, intent);
    if (type === 'wechat_pay') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'wechat_pay_display_qr_code',
        wechat_pay_display_qr_code: {
          data: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('hex')}`,
          hosted_instructions_url: `https://pay.stripe.com/wechat_pay/instructions/${intent.id}`,
          image_data_url: 'data:image/png;base64,iVBORw0KGgo=',
          image_url_png: `https://qr.stripe.com/${intent.id}.png`,
          image_url_svg: `https://qr.stripe.com/${intent.id}.svg`,
        },
      };
      return { status: 200, body: intent };
    }
    const number = str(form, 'payment_method_data', 'card', 'number') ?? '';
    const card = { ...paymentMethod, card: { brand: number.startsWith('5') ? 'mastercard' : 'visa', last4: number.slice(-4), exp_month: Number(str(form, 'payment_method_data', 'card', 'exp_month')), exp_year: Number(str(form, 'payment_method_data', 'card', 'exp_year')) } };
    const decline = (error: ReturnType<typeof cardError>) => {
      intent.last_payment_error = { ...error, payment_method: card };
      return { status: 402, body: { error: { ...error, payment_intent: intent, payment_method: card, request_log_url: `https://dashboard.stripe.com/test/logs/${id('req')}` } } };
    };
    if (!luhn(number)) return decline(cardError('incorrect_number', 'Your card number is incorrect.'));
    switch (number) {
      case TEST_CARDS.declined:
        return decline(cardError('card_declined', 'Your card was declined.', 'generic_decline'));
      case TEST_CARDS.insufficientFunds:
        return decline(cardError('card_declined', 'Your card has insufficient funds.', 'insufficient_funds'));
      case TEST_CARDS.expired:
        return decline(cardError('expired_card', 'Your card has expired.'));
      case TEST_CARDS.incorrectCvc:
        return decline(cardError('incorrect_cvc', "Your card's security code is incorrect."));
      case TEST_CARDS.processingError:
        return decline(cardError('processing_error', 'An error occurred while processing your card. Try again in a little bit.'));
      case TEST_CARDS.challenge:
        intent.status = 'requires_action';
        intent.next_action = {
          type: 'redirect_to_url',
          redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_standin&payment_intent=${intent.id}`, return_url: str(form, 'return_url') ?? null },
        };
        return { status: 200, body: intent };
      default:
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        intent.latest_charge = id('ch');
        return { status: 200, body: intent };
    }
  };

  const createSession = (form: Form): { status: number; body: unknown } => {
    const amount = Number(str(form, 'line_items', '0', 'price_data', 'unit_amount'));
    if (!amount || !str(form, 'success_url')) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Missing required param' } } };
    const sessionId = `cs_test_${randomBytes(24).toString('hex')}`;
    const session: StripeObject = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: str(form, 'cancel_url') ?? null,
      client_reference_id: str(form, 'client_reference_id') ?? null,
      created: now(),
      currency: str(form, 'line_items', '0', 'price_data', 'currency'),
      customer_email: str(form, 'customer_email') ?? null,
      expires_at: now() + 24 * 3600,
      livemode: false,
      metadata: (form.metadata as Form | undefined) ?? {},
      mode: str(form, 'mode'),
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: str(form, 'success_url'),
      url: `https://checkout.stripe.com/c/pay/${sessionId}#standin`,
    };
    sessions.set(sessionId, session);
    return { status: 200, body: session };
  };

  const route = (method: string, path: string, form: Form): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    const intent = method === 'GET' && /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (intent) return intents.has(intent[1]!) ? { status: 200, body: intents.get(intent[1]!) } : missing(intent[1]!);
    const session = method === 'GET' && /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (session) return sessions.has(session[1]!) ? { status: 200, body: sessions.get(session[1]!) } : missing(session[1]!);
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  };
  const missing = (what: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${what}'` } } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, path, idempotencyKey, authorization: req.headers.authorization, rawBody, form: parseForm(rawBody) });
      const send = (status: number, answer: string, headers: Record<string, string> = {}) => {
        answers.push(answer);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
        res.end(answer);
      };
      if (req.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
        send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        return;
      }
      if (failures > 0) {
        failures -= 1;
        send(500, JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }), { 'stripe-should-retry': retryAdvice });
        return;
      }
      // Stripe keeps the first answer per key and replays it; the same key with other parameters is refused.
      const replayKey = idempotencyKey && `${req.method} ${path} ${idempotencyKey}`;
      const earlier = replayKey ? replies.get(replayKey) : undefined;
      if (earlier) {
        if (earlier.body !== rawBody) {
          send(400, JSON.stringify({ error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } }));
        } else send(earlier.status, earlier.answer, { 'idempotent-replayed': 'true' });
        return;
      }
      const { status, body } = route(req.method!, path, parseForm(rawBody));
      const answer = JSON.stringify(body);
      if (replayKey && req.method === 'POST') replies.set(replayKey, { body: rawBody, status, answer });
      send(status, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe(STAND_IN_SECRET_KEY);

  const must = (map: Map<string, StripeObject>, key: string) => {
    const found = map.get(key);
    if (!found) throw new Error(`stand-in: no object ${key}`);
    return found;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    sessions,
    answers,
    failNext(count, retry) {
      failures = count;
      retryAdvice = String(retry);
    },
    settleIntent(intentId, outcome) {
      const intent = must(intents, intentId);
      intent.next_action = null;
      if (outcome === 'approve') Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: id('ch') });
      else Object.assign(intent, { status: 'requires_payment_method', last_payment_error: cardError('payment_intent_authentication_failure', 'The provided PaymentMethod has failed authentication.') });
      return intent;
    },
    completeSession(sessionId) {
      const session = must(sessions, sessionId);
      const intent = intentOf({ amount: String(session.amount_total), currency: String(session.currency), metadata: { ...(session.metadata as Form), source: 'checkout' } }, id('pm'), 'card');
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      intents.set(intent.id, intent);
      return Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id, url: null });
    },
    expireSession(sessionId) {
      return Object.assign(must(sessions, sessionId), { status: 'expired', url: null });
    },
    webhook(type, object, options = {}) {
      const eventId = options.eventId ?? id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? STAND_IN_WEBHOOK_SECRET, timestamp: options.timestamp });
      return { payload, signature, eventId };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
