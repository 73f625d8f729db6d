import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** S3_* settings (config.ts), for s3-storage.ts. */
export interface S3Options {
  bucket: string;
  /** Unset: AWS itself (the region's endpoint); else any S3-compatible service (MinIO, Ceph, R2…). */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own credential chain (AWS_* variables, instance or task roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (`host/bucket/key`) rather than the host name: what most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Put before every key, so one bucket can hold several installations (`kindred/`). */
  keyPrefix: string;
}

/** Public URLs of stored files start with this, whichever store holds them. */
export const UPLOADS_PREFIX = '/uploads';

/** A stored file as a listing names it. */
export interface StoredFile {
  /** The key it was put under, e.g. `photo/12/Ab3….jpg`. */
  key: string;
  /** When it was written (ms since the epoch). */
  modifiedMs: number;
}

/** A stored file opened for serving. */
export interface StoredContent {
  body: Readable;
  size?: number;
  modifiedMs?: number;
  etag?: string;
}

/**
 * Where uploaded (already re-encoded) files go: the local folder (the embedded default) or an
 * S3-compatible bucket (s3-storage.ts). Avatars, album photos, backgrounds, newsfeed, chat and
 * report images all pass through this one interface, and their URLs (`/uploads/<key>`) are the
 * same whichever store holds them, so switching stores never rewrites a row.
 */
export interface Storage {
  /** Stores the bytes under `key` (a relative path) and answers the public URL. */
  put(key: string, data: Buffer): Promise<string>;
  /** Deletes the file behind a public URL; a URL of no stored file is not an error. */
  remove(url: string): Promise<void>;
  /** Opens the file under `key` for serving; undefined when there is none. */
  read(key: string): Promise<StoredContent | undefined>;
  /** Every file whose key starts with `prefix` (e.g. `photo/`), for the orphan sweep. */
  list(prefix: string): AsyncIterable<StoredFile>;
  /** The folder the files are in when they are on this machine's disk (served straight from it). */
  readonly localRoot?: string;
  /** Lets go of connections (a remote store); the node is shutting down. */
  close?(): void;
}

/** The key behind a public URL of ours, or undefined for anything else. */
export function keyOfUrl(url: string): string | undefined {
  return url.startsWith(`${UPLOADS_PREFIX}/`) ? url.slice(UPLOADS_PREFIX.length + 1) : undefined;
}

/**
 * Keys as uploads.service.ts and the demo seed write them: `<folder>/<owner id>/<name>.<png|jpg>`.
 * Nothing else is ever read, listed or removed, so a key can never climb out of its folder.
 */
export const UPLOAD_KEY = /^[a-z]+\/[1-9]\d{0,9}\/[A-Za-z0-9_-]+\.(png|jpg)$/;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };
/** What a stored file is, by its name: the image pipeline writes only png and jpg. */
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export class LocalStorage implements Storage {
  readonly localRoot: string;

  constructor(root: string) {
    this.localRoot = path.resolve(root);
  }

  async put(key: string, data: Buffer): Promise<string> {
    const target = this.resolve(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, data);
    return `${UPLOADS_PREFIX}/${key}`;
  }

  async remove(url: string): Promise<void> {
    const key = keyOfUrl(url);
    if (key === undefined) return;
    await fs.rm(this.resolve(key), { force: true });
  }

  async read(key: string): Promise<StoredContent | undefined> {
    // Opened before answering: a file removed after this (a deleted photo, a deleted account) is
    // still read whole from the open descriptor, instead of the stream failing later with nobody listening.
    const handle = await fs.open(this.resolve(key), 'r').catch(() => undefined);
    if (!handle) return undefined;
    const stat = await handle.stat().catch(() => undefined);
    if (!stat?.isFile()) {
      await handle.close();
      return undefined;
    }
    return { body: handle.createReadStream(), size: stat.size, modifiedMs: stat.mtimeMs };
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    // Depth-first over the folders under the prefix; names are relative keys with '/' separators.
    const walk = async function* (this: LocalStorage, relative: string): AsyncIterable<StoredFile> {
      let names: string[];
      try {
        names = await fs.readdir(this.resolve(relative || '.', true));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return;
        throw error;
      }
      for (const name of names.sort()) {
        const key = relative ? `${relative}/${name}` : name;
        const stat = await fs.stat(this.resolve(key)).catch(() => undefined);
        if (stat?.isDirectory()) yield* walk.call(this, key);
        else if (stat?.isFile() && key.startsWith(prefix)) yield { key, modifiedMs: stat.mtimeMs };
      }
    };
    // Walk from the deepest folder the prefix names whole ('photo/1' of 'photo/1'), filter the rest.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    yield* walk.call(this, folder);
  }

  private resolve(key: string, allowRoot = false): string {
    const target = path.resolve(this.localRoot, key);
    if (allowRoot && target === this.localRoot) return target;
    if (!target.startsWith(this.localRoot + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return target;
  }
}
