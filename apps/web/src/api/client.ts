import type { Envelope, ErrorId, FieldErrors } from '@kindred/protocol';
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
export type Body = Record<string, Scalar | Blob>;

function encode(body: Body): { payload: URLSearchParams | FormData } {
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

/** Posts a call of docs/product-rules.md §7 and answers the whole envelope, whatever its status. */
export async function callEnvelope<T>(path: string, body: Body = {}): Promise<Envelope<T>> {
  const token = getToken();
  const { payload } = encode(body);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      body: payload,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, undefined, 'network');
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.status, response.status === 413 ? 'payload_too_large' : 'internal', response.statusText);
  }
  // A token the server no longer knows (signed out elsewhere, password changed) ends the session here too.
  if (envelope.status === 401 && token) useSession.getState().clear();
  return envelope;
}

/** Posts a call and answers `data` on 200; any other status throws an ApiError. */
export async function call<T>(path: string, body: Body = {}): Promise<T> {
  const envelope = await callEnvelope<T>(path, body);
  if (envelope.status !== 200) {
    const fields = (envelope.data as { fields?: FieldErrors } | null)?.fields ?? {};
    throw new ApiError(envelope.status, envelope.error, envelope.msg, fields, envelope.data);
  }
  return envelope.data;
}
