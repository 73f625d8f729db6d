import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../../infra/storage.js';
import type { FileReferencesRepository } from './file-references.repository.js';

/** The folders uploads.service.ts writes (`<dir>/<owner id>/<random>.<ext>`), as ownership.ts reads them. */
const DIRS = ['avatar', 'dynamic', 'photo'] as const;
const FILE_NAME = /^[A-Za-z0-9_-]+\.(png|jpg)$/;
/** Urls per `in (…)` list: far below SQLite's and PostgreSQL's parameter limits. */
const BATCH = 500;

export interface SweepOptions {
  uploadsDir: string;
  /** An upload no row uses is removed once it is this old (UPLOAD_ORPHAN_HOURS). */
  orphanAgeMs: number;
}

/**
 * Deletes uploads that nothing uses: a member uploads first and attaches the url in a second call
 * (trend, photo, avatar, chat image, report), and an upload never attached would stay forever.
 *
 * A file is looked at once it is older than the orphan age; a pass only looks at files that passed
 * that age since the previous pass (the first pass of a process looks at all of them), so files in
 * use are not queried again and again. A file whose row goes away later is removed by
 * FileCleanup.release at that moment; anything else left behind (a replaced avatar) is found by the
 * first pass after the next start. Only files named as uploads.service.ts names them are touched.
 */
export class OrphanSweep {
  /** Files modified at or before this were looked at by an earlier pass. */
  private lookedAtUpTo = Number.NEGATIVE_INFINITY;
  private running: Promise<{ checked: number; removed: number }> | undefined;

  constructor(
    private readonly references: FileReferencesRepository,
    private readonly storage: Storage,
    private readonly options: SweepOptions,
    private readonly log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void },
    private readonly now: () => number = Date.now,
  ) {}

  /** One pass; concurrent calls share it. Answers how many old files it looked at and removed. */
  run(): Promise<{ checked: number; removed: number }> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Runs a pass every `intervalMs` (the first one an interval after start); answers the stop. */
  start(intervalMs: number): () => Promise<void> {
    if (intervalMs <= 0) return async () => undefined;
    const timer = setInterval(() => {
      this.run().catch((err: unknown) => this.log.error({ err }, 'upload sweep failed'));
    }, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.running?.catch(() => undefined);
    };
  }

  private async pass(): Promise<{ checked: number; removed: number }> {
    const cutoff = this.now() - this.options.orphanAgeMs;
    let checked = 0;
    let removed = 0;
    for (const dir of DIRS) {
      for (const owner of await entries(path.join(this.options.uploadsDir, dir))) {
        if (!/^[1-9]\d{0,9}$/.test(owner)) continue;
        const due = await this.dueFiles(dir, owner, cutoff);
        checked += due.length;
        for (let i = 0; i < due.length; i += BATCH) {
          const batch = due.slice(i, i + BATCH);
          const used = await this.references.usedOf(Number(owner), batch);
          for (const url of batch.filter((u) => !used.has(u))) {
            try {
              await this.storage.remove(url);
              removed++;
            } catch (err) {
              this.log.error({ err, url }, 'could not remove an unused upload');
            }
          }
        }
      }
    }
    this.lookedAtUpTo = cutoff;
    if (removed > 0) this.log.info({ checked, removed }, 'removed uploads no row uses');
    return { checked, removed };
  }

  /** Urls of the owner's files that became old enough since the previous pass. */
  private async dueFiles(dir: string, owner: string, cutoff: number): Promise<string[]> {
    const folder = path.join(this.options.uploadsDir, dir, owner);
    const due: string[] = [];
    for (const name of await entries(folder)) {
      if (!FILE_NAME.test(name)) continue;
      const stat = await fs.stat(path.join(folder, name)).catch(() => undefined);
      if (stat?.isFile() && stat.mtimeMs <= cutoff && stat.mtimeMs > this.lookedAtUpTo) due.push(`/uploads/${dir}/${owner}/${name}`);
    }
    return due;
  }
}

async function entries(folder: string): Promise<string[]> {
  try {
    return await fs.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
