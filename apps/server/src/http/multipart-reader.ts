import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import { LIMITS } from '@kindred/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, validationFailed } from '../errors.js';
import { UploadedFile } from './uploaded-file.js';

/**
 * Part limits of every multipart body. Text fields are small on every call that takes a file
 * (`dir`, `token`), so 20 of 16 KB bound what is read before the caller is known.
 */
const LIMITS_MULTIPART = { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 25 };

/**
 * Registers the multipart content type without reading anything: the plugin only marks the
 * request, and a call that declares `files` reads it with a MultipartReader after authentication.
 */
export async function installMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: LIMITS_MULTIPART, throwFileSizeLimit: true });
}

export const isMultipartRequest = (req: FastifyRequest) => /^multipart\//i.test(String(req.headers['content-type'] ?? ''));

/**
 * A refusal before the body was read: the answer closes the connection, so the rest of a large
 * body is never received (a kept-alive connection would have to read and discard it first).
 */
export function abandonBody(reply: FastifyReply): void {
  if (!reply.sent) reply.header('connection', 'close');
}

const tooLarge = () => new DomainError('payload_too_large', 'The upload is too large');

/**
 * Reads a multipart body in two steps so that no file byte is read before the caller is known.
 * `fieldsBeforeFile()` reads the text fields up to the first file part and stops there (a client
 * without an Authorization header must send its `token` field before the file, as browsers do
 * with fields appended first); `readAll()`, called only once the member may make the call,
 * buffers the file (at most LIMITS.uploadMaxBytes, the image pipeline needs it whole) and the
 * fields after it.
 */
export class MultipartReader {
  readonly fields: Record<string, unknown> = {};
  readonly files: Record<string, UploadedFile> = {};
  private parts: AsyncIterator<Multipart> | undefined;
  private nextFile: MultipartFile | undefined;
  private finished = false;

  constructor(
    private readonly req: FastifyRequest,
    private readonly fileFields: readonly string[],
  ) {}

  /** Whether some of the body is still unread (an answer now should close the connection). */
  get unread(): boolean {
    return !this.finished;
  }

  async fieldsBeforeFile(): Promise<void> {
    this.parts ??= this.req.parts()[Symbol.asyncIterator]();
    while (!this.nextFile && !this.finished) {
      const next = await this.parts.next();
      if (next.done) this.finished = true;
      else if (next.value.type === 'file') this.nextFile = next.value;
      else this.addField(next.value.fieldname, next.value.value, next.value.valueTruncated || next.value.fieldnameTruncated);
    }
  }

  async readAll(): Promise<void> {
    await this.fieldsBeforeFile();
    while (this.nextFile) {
      const part = this.nextFile;
      this.nextFile = undefined;
      if (!this.fileFields.includes(part.fieldname)) throw validationFailed({ [part.fieldname]: 'this call takes no file here' });
      this.files[part.fieldname] = new UploadedFile(await part.toBuffer(), part.filename, part.mimetype);
      await this.fieldsBeforeFile();
    }
  }

  private addField(name: string, value: unknown, truncated: boolean): void {
    if (truncated) throw tooLarge();
    const previous = this.fields[name];
    // A repeated field becomes a list, as in a urlencoded body; schemas wanting text refuse it.
    this.fields[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
}
