import type { AnyCall, CallAnswer, CallBody, CallFiles, Envelope, PermissionFlag } from '@kindred/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { admit as admitCaller, admitStaff } from '../domain/admission.js';
import type { Member } from '../domain/member.js';
import type { Staff } from '../domain/staff.js';
import { noPermission, validationFailed } from '../errors.js';
import { abandonBody, isMultipartRequest, MultipartReader } from './multipart-reader.js';
import type { UploadedFile } from './uploaded-file.js';
import { API_ANSWER } from './security.js';
import { parseInput } from './validate.js';

/** What the router needs to know who is calling; the auth and permissions services provide it. */
export interface RouterDeps {
  authenticate(token: string | undefined): Promise<Member | null>;
  /** A console session's staff member (access 'staff' calls only); `address` is the client's. */
  authenticateStaff(token: string | undefined, address: string): Promise<Staff | null>;
  can(member: Member, flag: PermissionFlag): Promise<boolean>;
  /** Undefined, or what a call's answer waits for: sessions it ended being heard on every node (session-cache.ts). */
  revocationsSettled?(): Promise<void> | undefined;
}

/**
 * What the contract leaves to this server's configuration. Who may call, the body, the answer and
 * the file fields are the call's own (protocol's defineCall, calls/*.ts).
 */
export interface HandleOptions {
  rateLimit?: { max: number; timeWindow: string };
}

/** The caller a call's handler sees: staff for a staff call, a member, or for a public call possibly nobody. */
export type CallerOf<C extends AnyCall> = C['access'] extends 'staff' ? Staff : C['access'] extends 'public' ? Member | null : Member;

export interface Ctx<C extends AnyCall> {
  body: CallBody<C>;
  member: CallerOf<C>;
  /** The file fields the call declares, as far as they came. */
  files: Partial<Record<CallFiles<C>, UploadedFile>>;
  token: string | undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A call's handler answers its envelope; `data` must be the call's answer. */
export type CallHandler<C extends AnyCall> = (ctx: Ctx<C>) => Promise<Envelope<CallAnswer<C>>>;

const headerToken = (req: FastifyRequest): string | undefined => {
  const bearer = req.headers.authorization && /^Bearer\s+(.+)$/i.exec(req.headers.authorization);
  return bearer ? bearer[1]!.trim() || undefined : undefined;
};

/**
 * A call's session token: an `Authorization: Bearer` header, else the spec's `token` body field.
 * Never the query string: URLs end up in logs, proxies and browser history.
 */
export function bearerToken(req: FastifyRequest, fields: Record<string, unknown> = {}): string | undefined {
  const header = headerToken(req);
  if (header) return header;
  return typeof fields.token === 'string' && fields.token ? fields.token : undefined;
}

/** The socket's token: a browser cannot set headers on a WebSocket, so `?token=` stays (logging.ts redacts it). */
export function socketToken(req: FastifyRequest): string | undefined {
  const header = headerToken(req);
  if (header) return header;
  const query = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof query === 'string' && query ? query : undefined;
}

const plainFields = (raw: unknown): Record<string, unknown> =>
  raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

const hasBody = (req: FastifyRequest) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * A form body that is empty (most calls: the token in the header, nothing else) has nothing to
 * parse. Without its content type Fastify treats the request as bodiless and skips reading the
 * stream (three listeners, an async resource and a tick per request); the handler then sees no
 * body, which reads as the empty form it was. Other types keep their checks (an empty JSON body
 * and a type no parser takes are still refused).
 */
function forgetEmptyForm(req: FastifyRequest): void {
  const headers = req.raw.headers;
  if (headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0')) return;
  // Set to undefined, not deleted: a delete would turn the headers object into a slow dictionary.
  if (FORM_TYPE.test(headers['content-type'] ?? '')) headers['content-type'] = undefined;
}

/**
 * Who called, worked out before the body was parsed when the token came in the header: request
 * properties (declared once, so every request has them from the start), not a WeakMap whose
 * entries for requests long gone wait for the collector.
 */
const CALLER = 'kindredCaller';
const CALLER_TOKEN = 'kindredCallerToken';
declare module 'fastify' {
  interface FastifyRequest {
    [CALLER]: Member | Staff | null;
    /** The header token the caller was resolved from; undefined when it was not (yet). */
    [CALLER_TOKEN]: string | undefined;
  }
}

/**
 * Every call of the spec is a POST that authenticates, checks access and validates in the same
 * order, all as its protocol definition says (path, body, access, allowPending, permission, files);
 * routes only say what the service answers. A token in the Authorization header is checked before
 * any byte of the body is read (preParsing); a token in the body is read from a small form/JSON
 * body, or from the text fields that precede the file of a multipart one. No file byte is read for
 * a caller who may not call.
 */
export function createRouter(app: FastifyInstance, deps: RouterDeps) {
  if (!app.hasRequestDecorator(CALLER)) app.decorateRequest(CALLER, null);
  if (!app.hasRequestDecorator(CALLER_TOKEN)) app.decorateRequest(CALLER_TOKEN, undefined);

  function handle<C extends AnyCall>(spec: C, handler: CallHandler<C>, options: HandleOptions = {}): void {
    // The one admission check (domain/admission.ts), shared with the live connection; staff calls
    // resolve the token among console sessions only, never among member sessions.
    const staffCall = spec.access === 'staff';
    const authenticate = (token: string, req: FastifyRequest): Promise<Member | Staff | null> =>
      staffCall ? deps.authenticateStaff(token, req.ip) : deps.authenticate(token);
    const admit = async (caller: Member | Staff | null): Promise<void> => {
      if (staffCall) admitStaff(caller as Staff | null);
      else await admitCaller(caller as Member | null, spec, deps.can);
    };

    async function beforeBody(req: FastifyRequest, reply: FastifyReply) {
      const multipart = isMultipartRequest(req);
      try {
        if (multipart && !spec.files) throw validationFailed({ body: 'this call takes no multipart body (only calls with files do)' });
        if (!multipart) forgetEmptyForm(req);
        const token = headerToken(req);
        if (!token) return;
        const member = await authenticate(token, req);
        req[CALLER] = member;
        req[CALLER_TOKEN] = token;
        await admit(member);
      } catch (error) {
        // Nothing of the body was read: a kept-alive connection would have to read it all to discard it.
        if (multipart || hasBody(req)) abandonBody(reply);
        throw error;
      }
    }

    // API_ANSWER: the call's answers, errors included, carry the API header set (security.ts).
    // preParsing in callback style: an async hook would cost Fastify one more promise to wait on.
    const config = { rateLimit: options.rateLimit ?? false, [API_ANSWER]: true } as const;
    app.post(spec.path, { config, preParsing: (req, reply, payload, done) => void beforeBody(req, reply).then(() => done(null, payload), done) }, async (req, reply) => {
      const reader = req.isMultipart() ? new MultipartReader(req, spec.files ?? []) : undefined;
      try {
        const fields = reader ? reader.fields : plainFields(req.body);
        let member: Member | Staff | null;
        let token: string | undefined;
        if (req[CALLER_TOKEN] !== undefined) {
          member = req[CALLER];
          token = req[CALLER_TOKEN];
        } else {
          if (reader) await reader.fieldsBeforeFile();
          token = bearerToken(req, fields);
          member = token ? await authenticate(token, req) : null;
          await admit(member);
        }
        // The caller may make this call: only now is a file read (it lands in reader.files/fields).
        if (reader) await reader.readAll();
        const body = parseInput<C['body']>(spec.body, fields);
        const extra = spec.permissionFor?.(body);
        if (member && extra && !staffCall && !(await deps.can(member as Member, extra))) throw noPermission();
        const answer = await handler({ body, member: member as CallerOf<C>, files: (reader?.files ?? {}) as Ctx<C>['files'], token, req, reply });
        const revoked = deps.revocationsSettled?.();
        if (revoked) await revoked;
        return answer;
      } catch (error) {
        if (reader?.unread) abandonBody(reply);
        throw error;
      }
    });
  }
  /** Registers a call of the protocol's table (CALLS); there is no other way to add a POST route. */
  return { handle };
}

export type Router = ReturnType<typeof createRouter>;
