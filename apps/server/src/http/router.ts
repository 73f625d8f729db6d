import type { PermissionFlag } from '@kindred/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { noPermission, pendingApproval, unauthorized, validationFailed } from '../errors.js';
import type { Member } from '../modules/auth/member.js';
import { abandonBody, isMultipartRequest, MultipartReader } from './multipart-reader.js';
import type { UploadedFile } from './uploaded-file.js';
import { parseInput } from './validate.js';

/** What the router needs to know who is calling; the auth and permissions services provide it. */
export interface RouterDeps {
  authenticate(token: string | undefined): Promise<Member | null>;
  can(member: Member, flag: PermissionFlag): Promise<boolean>;
}

export type Access = 'public' | 'member' | 'admin';

export interface RouteSpec<S extends z.ZodType> {
  body: S;
  /** Default 'member'. */
  access?: Access;
  /** Pending (status 2) accounts may call only what allows them: their own info and sign-out. */
  allowPending?: boolean;
  permission?: PermissionFlag;
  /** A permission that depends on what is asked (e.g. Upload_photo for an upload into the album). */
  permissionFor?: (body: z.infer<S>) => PermissionFlag | undefined;
  rateLimit?: { max: number; timeWindow: string };
  /**
   * The file fields the call takes. Only such calls accept multipart bodies, and they read one
   * only after the caller passed authentication and the access checks; others answer 400 to it.
   */
  files?: readonly string[];
}

export interface Ctx<T, M> {
  body: T;
  member: M;
  files: Record<string, UploadedFile>;
  token: string | undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<T, M> = (ctx: Ctx<T, M>) => Promise<unknown>;

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

/** Who called, worked out before the body was parsed when the token came in the header. */
const callers = new WeakMap<FastifyRequest, Member | null>();

/**
 * Every call of the spec is a POST that authenticates, checks access and validates in the same
 * order; routes only say which schema, who may call, which files they take and what the service
 * answers. A token in the Authorization header is checked before any byte of the body is read
 * (preParsing); a token in the body is read from a small form/JSON body, or from the text fields
 * that precede the file of a multipart one. No file byte is read for a caller who may not call.
 */
export function createRouter(app: FastifyInstance, deps: RouterDeps) {
  function register<S extends z.ZodType, M>(path: string, spec: RouteSpec<S>, handler: Handler<z.infer<S>, M>) {
    const access = spec.access ?? 'member';

    async function admit(member: Member | null): Promise<void> {
      if (access === 'public') return;
      if (!member) throw unauthorized();
      if (member.status === 2 && !spec.allowPending) throw pendingApproval();
      if (access === 'admin' && member.role !== 'admin') throw noPermission();
      if (spec.permission && !(await deps.can(member, spec.permission))) throw noPermission();
    }

    async function beforeBody(req: FastifyRequest, reply: FastifyReply) {
      const multipart = isMultipartRequest(req);
      try {
        if (multipart && !spec.files) throw validationFailed({ body: 'this call takes no multipart body (only calls with files do)' });
        const token = headerToken(req);
        if (!token) return;
        const member = await deps.authenticate(token);
        callers.set(req, member);
        await admit(member);
      } catch (error) {
        // Nothing of the body was read: a kept-alive connection would have to read it all to discard it.
        if (multipart || hasBody(req)) abandonBody(reply);
        throw error;
      }
    }

    app.post(path, { config: { rateLimit: spec.rateLimit ?? false }, preParsing: async (req, reply, payload) => (await beforeBody(req, reply), payload) }, async (req, reply) => {
      const reader = req.isMultipart() ? new MultipartReader(req, spec.files ?? []) : undefined;
      try {
        const fields = reader ? reader.fields : plainFields(req.body);
        let member: Member | null;
        let token: string | undefined;
        if (callers.has(req)) {
          member = callers.get(req)!;
          token = headerToken(req);
        } else {
          if (reader) await reader.fieldsBeforeFile();
          token = bearerToken(req, fields);
          member = token ? await deps.authenticate(token) : null;
          await admit(member);
        }
        // The caller may make this call: only now is a file read (it lands in reader.files/fields).
        if (reader) await reader.readAll();
        const body = parseInput(spec.body, fields);
        const extra = spec.permissionFor?.(body);
        if (member && extra && !(await deps.can(member, extra))) throw noPermission();
        return handler({ body, member: member as M, files: reader?.files ?? {}, token, req, reply });
      } catch (error) {
        if (reader?.unread) abandonBody(reply);
        throw error;
      }
    });
  }
  return {
    post: <S extends z.ZodType>(path: string, spec: RouteSpec<S>, handler: Handler<z.infer<S>, Member>) =>
      register<S, Member>(path, spec, handler),
    publicPost: <S extends z.ZodType>(path: string, spec: Omit<RouteSpec<S>, 'access'>, handler: Handler<z.infer<S>, Member | null>) =>
      register<S, Member | null>(path, { ...spec, access: 'public' }, handler),
  };
}

export type Router = ReturnType<typeof createRouter>;
