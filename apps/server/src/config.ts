import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseMetricsAllow, type MetricsAllow } from './http/metrics-access.js';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy.js';
import type { S3Options } from './infra/storage.js';

/** The repository root, so relative paths mean the same whichever workspace npm runs us from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const FLAG = ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''] as const;
const flag = (fallback: boolean) =>
  z
    .enum(FLAG)
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(v)));
/** A flag whose default depends on another setting: undefined when unset. */
const optionalFlag = () =>
  z
    .enum(FLAG)
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(v)));

const count = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** Every environment variable the server reads. The README documents each one. */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: count(8080, 0),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** SQLite's synchronous pragma: full makes every acknowledged commit survive a power cut; normal is faster and may lose the last ones. */
  SQLITE_SYNCHRONOUS: z.string().toLowerCase().pipe(z.enum(['full', 'normal'])).default('full'),
  /** Below this much free space under DATA_DIR, /readyz answers 503 and the log says so (db/storage-health.ts). */
  MIN_FREE_DISK_MB: count(100, 0),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Kindred <no-reply@kindred.local>'),
  REGISTRATION_APPROVAL: flag(false),
  /** Unset: seed everywhere but in production (docs/architecture.md §4: never there unless asked for). */
  SEED_DEMO: optionalFlag(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx): TrustProxy => {
      const parsed = parseTrustProxy(raw);
      if ('value' in parsed) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  SESSION_TTL_DAYS: count(30, 1),
  AUTH_RATE_LIMIT: count(20, 1),
  /** Failed sign-ins per account (from any address) before each attempt waits: 1 min, doubling to 15 (auth-throttle.ts). */
  LOGIN_FAILURE_LIMIT: count(10, 1),
  /** Password-recovery mails per e-mail address per hour, whether or not the address is a member's. */
  RECOVERY_MAIL_LIMIT: count(3, 1),
  UPLOAD_RATE_LIMIT: count(30, 1),
  /** Reports one member may file per day (modules/reports); one open report per reported member besides. */
  REPORT_DAILY_LIMIT: count(10, 1),
  /** How often uploads no row uses are looked for (modules/uploads/orphan-sweep.ts); 0 turns the sweep off. */
  UPLOAD_SWEEP_MS: count(3_600_000, 0).refine((ms) => ms === 0 || ms >= 1_000, 'UPLOAD_SWEEP_MS: 0 (off) or at least 1000'),
  /** An upload no row uses is deleted once it is this many hours old (the time a member has to attach it). */
  UPLOAD_ORPHAN_HOURS: count(24, 1),
  /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (infra/s3-storage.ts); the other S3_* need it. */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET: 3-63 lower-case letters, digits, dots and hyphens').optional(),
  S3_ENDPOINT: z.string().regex(/^https?:\/\/[^/?#\s]+\/?$/, 'S3_ENDPOINT must be http(s)://host[:port] (no path)').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'S3_REGION: e.g. us-east-1').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: optionalFlag(),
  S3_KEY_PREFIX: z.string().regex(/^([A-Za-z0-9_.-]+\/){0,8}$/, 'S3_KEY_PREFIX: folder names each ending in /, e.g. kindred/').optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Seals staff TOTP secrets at rest (infra/secret-box.ts); unset: a key file in DATA_DIR. Every node of a cluster needs the same one. */
  ADMIN_TOTP_KEY: z.string().min(16, 'ADMIN_TOTP_KEY: at least 16 characters').optional(),
  /** A console (staff) session ends after this many idle minutes... */
  ADMIN_SESSION_TTL_MINUTES: count(60, 1),
  /** ...and this many hours after sign-in at the latest. */
  ADMIN_SESSION_MAX_HOURS: count(12, 1),
  SUPPORT_PASSWORD: z.string().min(8).optional(),
  WEB_DIST: z.string().optional(),
  // Chat, mail and translation (modules/chat, modules/mail, infra/translation, realtime/):
  /** Conversations a member without Send_chat_messages_for_free may start, ever (see chat.service.ts). */
  FREE_CHATS: count(3, 0),
  /** Server-side keep-alive of live connections: a socket silent for two periods is dropped. */
  SOCKET_PING_MS: count(30_000, 1_000),
  /** How long a socket opened without a token may wait before its init (opt 100) authenticates it. */
  SOCKET_INIT_TIMEOUT_MS: count(10_000, 100),
  /** Frames (any opt, unreadable ones too) one member may send per minute over all their sockets, on every node together. */
  CHAT_RATE_LIMIT: count(120, 1),
  /** Where the chat's transactions run: a thread with its own database connections, or the event loop (chat/message-writer-thread.ts). */
  CHAT_WRITER: z.string().toLowerCase().pipe(z.enum(['thread', 'inline'])).default('thread'),
  /** Open sockets of one member per node (realtime/socket-limits.ts). */
  SOCKET_MAX_PER_MEMBER: count(10, 1),
  /** Open sockets from one client address per node, signed in or not (households and offices share one). */
  SOCKET_MAX_PER_ADDRESS: count(100, 1),
  /** Mails one member may send per minute. */
  MAIL_RATE_LIMIT: count(20, 1),
  /** How long a node's presence entries outlive it in Redis (a killed node's members go offline then). */
  PRESENCE_TTL_MS: count(30_000, 3_000),
  /** Prefix of every Redis key and channel the chat uses, so several installations can share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'REDIS_PREFIX: letters, digits and _ : . - only').default('kindred:'),
  /** Credits (hundredths) one translation costs: 100 = 1.00 credit. */
  TRANSLATE_PRICE: count(100, 0),
  /** A LibreTranslate server (e.g. http://127.0.0.1:5000) for pairs other than simplified <-> traditional Chinese. */
  LIBRETRANSLATE_URL: z.url().optional(),
  LIBRETRANSLATE_API_KEY: z.string().min(1).optional(),
  /** Who may read GET /metrics (http/metrics-access.ts): loopback by default, a list of addresses/CIDR ranges, `public` or `none`. */
  METRICS_ALLOW: z
    .string()
    .optional()
    .transform((raw, ctx): MetricsAllow => {
      const parsed = parseMetricsAllow(raw);
      if ('value' in parsed) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  /** A bearer token that opens /metrics from any address (a scraper outside METRICS_ALLOW). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: at least 16 characters').optional(),
  // Payments (modules/billing, infra/payments; README "Payments"):
  /** Which provider takes each method: sandbox (built in, no account) or stripe. Unset: stripe for card/wallet/scan when STRIPE_SECRET_KEY is set, else sandbox. */
  PAYMENT_CARD_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  PAYMENT_WALLET_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  PAYMENT_OTHER_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  PAYMENT_SCAN_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY: sk_test_… or sk_live_…').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET: whsec_…').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, 'STRIPE_PUBLISHABLE_KEY: pk_test_… or pk_live_…').optional(),
  /** Tests only: http://host:port of a local Stripe stand-in instead of api.stripe.com. */
  STRIPE_API_BASE: z.string().regex(/^https?:\/\/[^/?#\s]+\/?$/, 'STRIPE_API_BASE must be http(s)://host[:port]').optional(),
  /** Signs the sandbox provider's webhooks; unset: a random secret per process (one node) — set it when several nodes serve the sandbox pages. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16, 'SANDBOX_WEBHOOK_SECRET: at least 16 characters').optional(),
  /** How often orders nobody confirmed are marked expired (modules/billing/order-expiry.ts); 0 turns the sweep off (the default under NODE_ENV=test). */
  PAYMENT_EXPIRY_SWEEP_MS: z.coerce.number().int().min(0).optional().refine((ms) => ms === undefined || ms === 0 || ms >= 1_000, 'PAYMENT_EXPIRY_SWEEP_MS: 0 (off) or at least 1000'),
  /** member/Pay/pay calls one member may make per minute. */
  PAY_RATE_LIMIT: count(20, 1),
  // Sign-up anti-spam (modules/antispam; README "Sign-up anti-spam"):
  /** The ALTCHA proof-of-work on registration and password recovery; on unless turned off. */
  ANTISPAM_POW: flag(true),
  /** PBKDF2-SHA-256 iterations per attempt the browser makes. */
  ANTISPAM_POW_COST: count(1_000, 1),
  /** Attempts a solver needs: the answer sits at a random counter between a third of this and this. */
  ANTISPAM_POW_COUNTER_MAX: count(6_000, 3).refine((n) => n <= 1_000_000, 'ANTISPAM_POW_COUNTER_MAX: at most 1000000'),
  /** Signs the challenges; unset: generated once and kept in the database, so every node shares it. */
  ALTCHA_HMAC_KEY: z.string().min(32, 'ALTCHA_HMAC_KEY: at least 32 characters').optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  database: { kind: 'sqlite'; file: string; synchronous?: 'full' | 'normal' } | { kind: 'postgres'; url: string };
  minFreeDiskBytes: number;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  registrationApproval: boolean;
  seedDemo: boolean;
  logLevel: string;
  /** false, a hop count, or the proxies' addresses/ranges (http/trust-proxy.ts). */
  trustProxy: TrustProxy;
  sessionTtlMs: number;
  rateLimits: { authPerMinute: number; uploadPerMinute: number; loginFailures: number; recoveryMailsPerHour: number };
  adminPassword?: string;
  /** The administrator console (modules/admin): TOTP sealing key, idle and absolute session lengths. */
  admin: { totpKey?: string; sessionIdleMs: number; sessionMaxMs: number };
  supportPassword?: string;
  webDist: string;
  uploads: { sweepMs: number; orphanAgeMs: number };
  /** Set when uploads live in an S3-compatible bucket (S3_BUCKET); unset: the local uploads folder. */
  s3?: S3Options;
  chat: {
    freeChats: number;
    pingMs: number;
    initTimeoutMs: number;
    rateLimitPerMinute: number;
    maxSocketsPerMember: number;
    maxSocketsPerAddress: number;
    presenceTtlMs: number;
    redisPrefix: string;
    /** CHAT_WRITER. */
    writer: 'thread' | 'inline';
  };
  mailRateLimitPerMinute: number;
  /** REPORT_DAILY_LIMIT. */
  reportDailyLimit: number;
  translation: { price: number; libreTranslateUrl?: string; libreTranslateApiKey?: string };
  /** GET /metrics: the addresses let in, and a bearer token let in from anywhere. */
  metrics: { allow: MetricsAllow; token?: string };
  payments: PaymentsConfig;
  /** Sign-up anti-spam: the proof-of-work's switch, difficulty and signing key (modules/antispam). */
  antispam: { pow: boolean; powCost: number; powCounterMax: number; hmacKey?: string };
}

/** Which provider serves each payment method, and their settings (infra/payments/providers.ts). */
export interface PaymentsConfig {
  providers: Record<'card' | 'wallet' | 'other' | 'scan', 'sandbox' | 'stripe'>;
  stripe?: { secretKey: string; webhookSecret?: string; publishableKey?: string; apiBase?: string };
  sandboxWebhookSecret?: string;
  expirySweepMs: number;
  payRateLimitPerMinute: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, cwd = source.INIT_CWD ?? process.cwd()): Config {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'kindred.sqlite'), synchronous: e.SQLITE_SYNCHRONOUS },
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * 1_048_576,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    registrationApproval: e.REGISTRATION_APPROVAL,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    sessionTtlMs: e.SESSION_TTL_DAYS * 86_400_000,
    rateLimits: {
      authPerMinute: e.AUTH_RATE_LIMIT,
      uploadPerMinute: e.UPLOAD_RATE_LIMIT,
      loginFailures: e.LOGIN_FAILURE_LIMIT,
      recoveryMailsPerHour: e.RECOVERY_MAIL_LIMIT,
    },
    adminPassword: e.ADMIN_PASSWORD,
    admin: { totpKey: e.ADMIN_TOTP_KEY, sessionIdleMs: e.ADMIN_SESSION_TTL_MINUTES * 60_000, sessionMaxMs: e.ADMIN_SESSION_MAX_HOURS * 3_600_000 },
    supportPassword: e.SUPPORT_PASSWORD,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    uploads: { sweepMs: e.UPLOAD_SWEEP_MS, orphanAgeMs: e.UPLOAD_ORPHAN_HOURS * 3_600_000 },
    s3: s3Options(e),
    chat: {
      freeChats: e.FREE_CHATS,
      pingMs: e.SOCKET_PING_MS,
      initTimeoutMs: e.SOCKET_INIT_TIMEOUT_MS,
      rateLimitPerMinute: e.CHAT_RATE_LIMIT,
      maxSocketsPerMember: e.SOCKET_MAX_PER_MEMBER,
      maxSocketsPerAddress: e.SOCKET_MAX_PER_ADDRESS,
      presenceTtlMs: e.PRESENCE_TTL_MS,
      redisPrefix: e.REDIS_PREFIX,
      writer: e.CHAT_WRITER,
    },
    mailRateLimitPerMinute: e.MAIL_RATE_LIMIT,
    reportDailyLimit: e.REPORT_DAILY_LIMIT,
    metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN },
    payments: paymentsConfig(e),
    antispam: { pow: e.ANTISPAM_POW, powCost: e.ANTISPAM_POW_COST, powCounterMax: e.ANTISPAM_POW_COUNTER_MAX, hmacKey: e.ALTCHA_HMAC_KEY },
    translation: {
      price: e.TRANSLATE_PRICE,
      libreTranslateUrl: e.LIBRETRANSLATE_URL?.replace(/\/$/, ''),
      libreTranslateApiKey: e.LIBRETRANSLATE_API_KEY,
    },
  };
}

/** PAYMENT_* and STRIPE_*: stripe needs its secret key; without one every method stays on the sandbox. */
function paymentsConfig(e: z.infer<typeof Env>): PaymentsConfig {
  const stripe = e.STRIPE_SECRET_KEY
    ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, publishableKey: e.STRIPE_PUBLISHABLE_KEY, apiBase: e.STRIPE_API_BASE?.replace(/\/$/, '') }
    : undefined;
  const fallback = (method: 'card' | 'wallet' | 'other' | 'scan') => (stripe && method !== 'other' ? 'stripe' : 'sandbox');
  const chosen = {
    card: e.PAYMENT_CARD_PROVIDER ?? fallback('card'),
    wallet: e.PAYMENT_WALLET_PROVIDER ?? fallback('wallet'),
    other: e.PAYMENT_OTHER_PROVIDER ?? fallback('other'),
    scan: e.PAYMENT_SCAN_PROVIDER ?? fallback('scan'),
  } as const;
  const needStripe = Object.entries(chosen).filter(([, p]) => p === 'stripe').map(([m]) => `PAYMENT_${m.toUpperCase()}_PROVIDER`);
  if (needStripe.length && !stripe) throw new ConfigError(`Invalid configuration:\n  ${needStripe.join(', ')}: stripe needs STRIPE_SECRET_KEY`);
  if (stripe && !stripe.webhookSecret && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production (webhooks credit the orders)');
  }
  return {
    providers: chosen,
    stripe,
    sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
    expirySweepMs: e.PAYMENT_EXPIRY_SWEEP_MS ?? (e.NODE_ENV === 'test' ? 0 : 300_000),
    payRateLimitPerMinute: e.PAY_RATE_LIMIT,
  };
}

/** S3_* as the store needs them, or undefined without S3_BUCKET; half a setting stops the start. */
function s3Options(e: z.infer<typeof Env>): S3Options | undefined {
  const named = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_KEY_PREFIX'] as const).filter((k) => e[k] !== undefined);
  if (!e.S3_BUCKET) {
    if (named.length) throw new ConfigError(`Invalid configuration:\n  ${named.join(', ')}: set S3_BUCKET too, or leave every S3_* variable unset for the local uploads folder`);
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds credentials itself)');
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    // Self-hosted stores (an endpoint) rarely have a wildcard DNS name per bucket; AWS prefers virtual hosts.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    keyPrefix: e.S3_KEY_PREFIX ?? '',
  };
}
