import { randomBytes } from 'node:crypto';
import type { Envelope } from '@kindred/protocol';
import type { NewUser, UserRow } from '../../src/db/schema.js';
import { hashToken, newToken } from '../../src/infra/tokens.js';
import { newUserRow } from '../../src/modules/users/new-user-row.js';
import type { TestApp } from './test-app.js';
import { multipartBody, type FilePart } from './multipart.js';

export const DEFAULT_PASSWORD = 'secret123';
const YEAR_MS = 365.25 * 86_400_000;

let sequence = 0;
/** Short, unique, letters and digits only: valid as a username (max 12) and an e-mail local part. */
export function uniqueName(prefix = 'u'): string {
  sequence += 1;
  return `${prefix}${sequence.toString(36)}${randomBytes(3).toString('hex')}`.slice(0, 12);
}

/** A birthday (ms) `years` years before now, at noon UTC so no time zone moves it a day. */
export function yearsAgo(years: number, now = Date.now()): number {
  const d = new Date(now - years * YEAR_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12);
}

const hashes = new WeakMap<object, Promise<string>>();
function defaultHash(ctx: TestApp): Promise<string> {
  let hash = hashes.get(ctx.hasher);
  if (!hash) hashes.set(ctx.hasher, (hash = ctx.hasher.hash(DEFAULT_PASSWORD)));
  return hash;
}

export interface BuiltUser {
  user: UserRow;
  token: string;
  password: string;
}

export type UserOverrides = Partial<NewUser> & { password?: string };

/**
 * A member inserted straight through the repository (no HTTP), with a live session. Defaults: an
 * active (status 1) free (vip 0) woman of 30 with password "secret123" and unique name and e-mail.
 */
export async function buildUser(ctx: TestApp, overrides: UserOverrides = {}): Promise<BuiltUser> {
  const { password, ...fields } = overrides;
  const username = fields.username ?? uniqueName();
  const now = ctx.now();
  const passwordHash = password ? await ctx.hasher.hash(password) : await defaultHash(ctx);
  const facts = { username, email: `${username.toLowerCase()}@example.test`, passwordHash, sex: 0, birthday: yearsAgo(30, now), country: 'US', now };
  const user = await ctx.services.repositories.users.insert(newUserRow(facts, fields));
  return { user, token: await signIn(ctx, user.id), password: password ?? DEFAULT_PASSWORD };
}

/** Opens a session for any account (staff included) the way the auth service stores one. */
export async function signIn(ctx: TestApp, userId: number, terminal: 'm' | 'w' = 'w'): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  await ctx.services.repositories.sessions.insert({
    user_id: userId,
    token_hash: hashToken(token),
    terminal,
    user_agent: 'vitest',
    created_at: now,
    last_seen_at: now,
    expires_at: now + 30 * 86_400_000,
  });
  return token;
}

export type FormValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Form = Record<string, FormValue>;

export interface Answer<T = any> {
  http: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

/** A stack frame looks like "at fn (file.ts:12:3)" or "at file.js:1:2"; no answer may contain one. */
const STACK_FRAME = /\bat (?:[\w$.<>\[\] ]+ )?\(?(?:file:\/\/|\/|node:)[^\s)]*:\d+:\d+\)?/;

export function assertNoStackTrace(raw: string): void {
  if (STACK_FRAME.test(raw) || raw.includes('node_modules')) throw new Error(`answer contains a stack trace: ${raw.slice(0, 500)}`);
}

function encodeForm(form: Form): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  return params.toString();
}

export interface RequestOptions {
  headers?: Record<string, string>;
}

/**
 * Calls the app as a member (or a visitor without token) through app.inject. Every answer is
 * parsed as the envelope and checked for stack traces.
 */
export function as(ctx: TestApp, token?: string | null) {
  const auth = (extra?: Record<string, string>): Record<string, string> => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  });

  async function send(method: 'POST' | 'GET', url: string, payload: string | Buffer | undefined, headers: Record<string, string>): Promise<Answer> {
    const res = await ctx.app.inject({ method, url, payload, headers });
    if (!String(res.headers['content-type'] ?? '').startsWith('image/')) assertNoStackTrace(res.body);
    let body: Envelope;
    try {
      body = res.json();
    } catch {
      body = { status: Number.NaN, msg: res.body, data: null };
    }
    return { http: res.statusCode, body, headers: res.headers, raw: res.body };
  }

  return {
    /** A form post (application/x-www-form-urlencoded), as the spec's clients send. */
    post: (url: string, form: Form = {}, options: RequestOptions = {}) =>
      send('POST', url, encodeForm(form), auth({ 'content-type': 'application/x-www-form-urlencoded', ...options.headers })),
    postJson: (url: string, json: unknown, options: RequestOptions = {}) =>
      send('POST', url, typeof json === 'string' ? json : JSON.stringify(json), auth({ 'content-type': 'application/json', ...options.headers })),
    postMultipart: (url: string, fields: Record<string, string> = {}, files: FilePart[] = [], options: RequestOptions = {}) => {
      const { payload, contentType } = multipartBody(fields, files);
      return send('POST', url, payload, auth({ 'content-type': contentType, ...options.headers }));
    },
    postRaw: (url: string, payload: string | Buffer, contentType: string, options: RequestOptions = {}) =>
      send('POST', url, payload, auth({ 'content-type': contentType, ...options.headers })),
    get: (url: string, options: RequestOptions = {}) => send('GET', url, undefined, auth(options.headers)),
  };
}
