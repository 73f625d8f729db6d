import type { PermissionFlag } from '@kindred/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { noPermission, pendingApproval, unauthorized } from '../errors.js';
import type { Member } from '../modules/auth/member.js';
import { UploadedFile } from './uploaded-file.js';
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
  rateLimit?: { max: number; timeWindow: string };
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

export function bearerToken(req: FastifyRequest, fields: Record<string, unknown> = {}): string | undefined {
  const header = req.headers.authorization;
  const bearer = header && /^Bearer\s+(.+)$/i.exec(header);
  if (bearer) return bearer[1]!.trim() || undefined;
  const field = fields.token ?? (req.query as Record<string, unknown> | undefined)?.token;
  return typeof field === 'string' && field ? field : undefined;
}

function splitBody(raw: unknown): { fields: Record<string, unknown>; files: Record<string, UploadedFile> } {
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      if (value instanceof UploadedFile) files[key] = value;
      else fields[key] = value;
    }
  }
  return { fields, files };
}

/**
 * Every call of the spec is a POST that validates, authenticates and checks access in the same
 * order; routes only say which schema, who may call, and what the service answers.
 */
export function createRouter(app: FastifyInstance, deps: RouterDeps) {
  function register<S extends z.ZodType, M>(path: string, spec: RouteSpec<S>, handler: Handler<z.infer<S>, M>) {
    app.post(path, { config: { rateLimit: spec.rateLimit ?? false } }, async (req, reply) => {
      const { fields, files } = splitBody(req.body);
      const token = bearerToken(req, fields);
      const access = spec.access ?? 'member';
      const member = token ? await deps.authenticate(token) : null;
      if (access !== 'public') {
        if (!member) throw unauthorized();
        if (member.status === 2 && !spec.allowPending) throw pendingApproval();
        if (access === 'admin' && member.role !== 'admin') throw noPermission();
        if (spec.permission && !(await deps.can(member, spec.permission))) throw noPermission();
      }
      const body = parseInput(spec.body, fields);
      return handler({ body, member: member as M, files, token, req, reply });
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
