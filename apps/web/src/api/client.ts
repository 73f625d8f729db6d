import { ERRORS, type AnyCall, type CallAnswer, type CallFiles, type CallInput, type Envelope, type ErrorId, type FieldErrors } from '@kindred/protocol';
import { getToken, useSession } from '../state/session';
import { takeEarlyCall } from './early-calls';

/** A call that did not answer 200. Screens turn it into text with `useErrorText`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly id: ErrorId | undefined,
    message: string,
    readonly fields: FieldErrors = {},
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

type Scalar = string | number | boolean | null | undefined;
type Fields = Record<string, Scalar | Blob>;

/** What a call sends: its body as a client writes it, and a Blob for each file field it declares. */
export type CallBodyOf<C extends AnyCall> = CallInput<C> & { [K in CallFiles<C>]?: Blob };

/** The body may be left out when the call needs no field. */
export type BodyArgs<C extends AnyCall> = {} extends CallBodyOf<C> ? [body?: CallBodyOf<C>] : [body: CallBodyOf<C>];

function encode(body: Fields): { payload: URLSearchParams | FormData } {
  const hasFile = Object.values(body).some((v) => v instanceof Blob);
  if (hasFile) {
    const form = new FormData();
    for (const [k, v] of Object.entries(body)) {
      if (v instanceof Blob) form.append(k, v, (v as File).name ?? `${k}.png`);
      else if (v != null) form.append(k, String(v));
    }
    return { payload: form };
  }
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v != null && !(v instanceof Blob)) params.append(k, String(v));
  return { payload: params };
}

/**
 * Where a call's token comes from and what a 401 does to it. Members and staff keep separate
 * sessions (the console's token never signs a member call, nor the other way round).
 */
export interface TokenSource {
  get(): string | null;
  /** The server no longer knows the token (signed out elsewhere, password changed, expired). */
  expired(): void;
}

const memberTokens: TokenSource = { get: getToken, expired: () => useSession.getState().clear() };

async function post<C extends AnyCall>(tokens: TokenSource, definition: C, body: CallBodyOf<C> | undefined): Promise<Envelope<CallAnswer<C>>> {
  const token = tokens.get();
  const { payload } = encode((body ?? {}) as Fields);
  let response: Response;
  try {
    // A home's first calls may already be on their way (early-calls.ts).
    const early = token && payload instanceof URLSearchParams ? takeEarlyCall(definition.path, token, payload.toString()) : undefined;
    response = await (early ??
      fetch(definition.path, {
        method: 'POST',
        body: payload,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      }));
  } catch {
    throw new ApiError(0, undefined, 'network');
  }
  let envelope: Envelope<CallAnswer<C>>;
  try {
    envelope = (await response.json()) as Envelope<CallAnswer<C>>;
  } catch {
    throw new ApiError(response.status, response.status === ERRORS.payload_too_large.http ? 'payload_too_large' : 'internal', response.statusText);
  }
  // A token the server no longer knows (signed out elsewhere, password changed) ends the session here too.
  if (envelope.status === ERRORS.unauthorized.status && token) tokens.expired();
  return envelope;
}

function dataOf<T>(envelope: Envelope<T>): T {
  if (envelope.status !== 200) {
    const fields = (envelope.data as { fields?: FieldErrors } | null)?.fields ?? {};
    throw new ApiError(envelope.status, envelope.error, envelope.msg, fields, envelope.data);
  }
  return envelope.data;
}

/**
 * Posts a call of the protocol's table (docs/product-rules.md §7) and answers the whole envelope,
 * whatever its status. The answer is typed by the call, not checked: the server builds it.
 */
export function callEnvelope<C extends AnyCall>(definition: C, ...[body]: BodyArgs<C>): Promise<Envelope<CallAnswer<C>>> {
  return post(memberTokens, definition, body);
}

/** `call` signed with another session's token (the administrator's console keeps its own). */
export function callerWith(tokens: TokenSource) {
  return async <C extends AnyCall>(definition: C, ...[body]: BodyArgs<C>): Promise<CallAnswer<C>> => dataOf(await post(tokens, definition, body));
}

/** Posts a call and answers `data` on 200; any other status throws an ApiError. */
export async function call<C extends AnyCall>(definition: C, ...body: BodyArgs<C>): Promise<CallAnswer<C>> {
  return dataOf(await callEnvelope(definition, ...body));
}
