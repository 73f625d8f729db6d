import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded (already re-encoded) files go. Local disk now; an S3-compatible store can follow. */
export interface Storage {
  /** Stores the bytes under `key` (a relative path) and answers the public URL. */
  put(key: string, data: Buffer): Promise<string>;
  remove(url: string): Promise<void>;
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string, private readonly urlPrefix = '/uploads') {}

  async put(key: string, data: Buffer): Promise<string> {
    const target = this.resolve(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, data);
    return `${this.urlPrefix}/${key}`;
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(`${this.urlPrefix}/`)) return;
    await fs.rm(this.resolve(url.slice(this.urlPrefix.length + 1)), { force: true });
  }

  private resolve(key: string): string {
    const target = path.resolve(this.root, key);
    if (!target.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return target;
  }
}
