import { ERRORS, type AnyCall, type CallAnswer, type CallFiles, type CallInput, type Envelope, type ErrorId, type FieldErrors } from '@kindred/protocol';
import { getToken, useSession } from '../state/session';

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
type BodyArgs<C extends AnyCall> = {} extends CallBodyOf<C> ? [body?: CallBodyOf<C>] : [body: CallBodyOf<C>];

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
 * Posts a call of the protocol's table (docs/product-rules.md §7) and answers the whole envelope,
 * whatever its status. The answer is typed by the call, not checked: the server builds it.
 */
export async function callEnvelope<C extends AnyCall>(definition: C, ...[body]: BodyArgs<C>): Promise<Envelope<CallAnswer<C>>> {
  const token = getToken();
  const { payload } = encode((body ?? {}) as Fields);
  let response: Response;
  try {
    response = await fetch(definition.path, {
      method: 'POST',
      body: payload,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
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
  if (envelope.status === ERRORS.unauthorized.status && token) useSession.getState().clear();
  return envelope;
}

/** Posts a call and answers `data` on 200; any other status throws an ApiError. */
export async function call<C extends AnyCall>(definition: C, ...body: BodyArgs<C>): Promise<CallAnswer<C>> {
  const envelope = await callEnvelope(definition, ...body);
  if (envelope.status !== 200) {
    const fields = (envelope.data as { fields?: FieldErrors } | null)?.fields ?? {};
    throw new ApiError(envelope.status, envelope.error, envelope.msg, fields, envelope.data);
  }
  return envelope.data;
}
