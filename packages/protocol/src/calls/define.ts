import { z } from 'zod';
import type { PermissionFlag } from '../permissions.js';

/**
 * Who may make a call: anyone, a signed-in member, or staff in a console session (signed in with
 * the second factor; member sessions, an administrator's included, never pass as one).
 */
export type Access = 'public' | 'member' | 'staff';

/**
 * One call of the wire contract, written once and used by the server's router (which registers,
 * admits and validates by it) and the web client (which posts by it), so a wrong path, body field
 * or answer is a type error on both sides.
 *
 * `answer` is what `data` holds when status is 200. It is a type for both sides and is never
 * parsed at run time (the server's presenters build it; the client trusts its own server).
 */
export interface CallDefinition<
  Path extends string = string,
  Body extends z.ZodType = z.ZodType,
  Answer extends z.ZodType = z.ZodType,
  Who extends Access = Access,
  File extends string = string,
> {
  /** The spec's path; the server matches it case-insensitively. */
  readonly path: Path;
  /** What the server validates; the client sends its input type (form fields or JSON). */
  readonly body: Body;
  readonly answer: Answer;
  readonly access: Who;
  /** Pending (status 2) accounts may make only the calls that allow them: own info, language, sign-out. */
  readonly allowPending?: boolean;
  readonly permission?: PermissionFlag;
  /** A permission that depends on what is asked (Upload_photo for an upload into the album). */
  permissionFor?(body: z.output<Body>): PermissionFlag | undefined;
  /**
   * The file fields the call takes. Only such calls accept multipart bodies, and the server reads
   * one only after the caller passed authentication and the access checks; others answer 400 to it.
   */
  readonly files?: readonly File[];
}

/** Any call, whatever its path, body, answer and access. */
export type AnyCall = CallDefinition<string, z.ZodType, z.ZodType, Access, string>;

/** The body as the server sees it, validated and with defaults applied. */
export type CallBody<C extends AnyCall> = z.output<C['body']>;
/** The body as a client sends it (numbers may travel as strings, defaulted fields may be left out). */
export type CallInput<C extends AnyCall> = z.input<C['body']>;
/** `data` of a 200 answer. */
export type CallAnswer<C extends AnyCall> = z.output<C['answer']>;
/** The names of the file fields a call takes (never for calls without files). */
export type CallFiles<C extends AnyCall> = NonNullable<C['files']>[number];

/** Defines a call; the literal path, schemas, access and file names stay in its type. */
export function defineCall<const Path extends string, Body extends z.ZodType, Answer extends z.ZodType, Who extends Access, const File extends string = never>(
  definition: CallDefinition<Path, Body, Answer, Who, File>,
): CallDefinition<Path, Body, Answer, Who, File> {
  return Object.freeze(definition);
}

/** The body of calls that take no fields (anything sent is ignored). */
export const EmptyBody = z.object({}).passthrough();
export type EmptyBody = z.infer<typeof EmptyBody>;
