import { UPLOADS_PREFIX, type Storage } from '../../infra/storage.js';
import type { FileReferencesRepository } from './file-references.repository.js';

/** The folders uploads.service.ts writes (`<dir>/<owner id>/<random>.<ext>`), as ownership.ts reads them. */
const DIRS = ['avatar', 'dynamic', 'photo'] as const;
/** `<dir>/<owner id>/<name>`: the owner's id, then the file's name as uploads.service.ts makes it. */
const UPLOAD = /^[a-z]+\/([1-9]\d{0,9})\/[A-Za-z0-9_-]+\.(png|jpg)$/;
/** Urls per `in (…)` list: far below SQLite's and PostgreSQL's parameter limits. */
const BATCH = 500;

export interface SweepOptions {
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
 * Files are found through the store's listing, so the local folder and a bucket are swept alike.
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
      for (const [owner, due] of await this.dueFiles(dir, cutoff)) {
        checked += due.length;
        for (let i = 0; i < due.length; i += BATCH) {
          const batch = due.slice(i, i + BATCH);
          const used = await this.references.usedOf(owner, batch);
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

  /** Urls of the folder's files that became old enough since the previous pass, by owner id. */
  private async dueFiles(dir: string, cutoff: number): Promise<Map<number, string[]>> {
    const due = new Map<number, string[]>();
    for await (const file of this.storage.list(`${dir}/`)) {
      const owner = UPLOAD.exec(file.key)?.[1];
      if (!owner || !file.key.startsWith(`${dir}/`) || file.modifiedMs > cutoff || file.modifiedMs <= this.lookedAtUpTo) continue;
      const urls = due.get(Number(owner)) ?? [];
      urls.push(`${UPLOADS_PREFIX}/${file.key}`);
      due.set(Number(owner), urls);
    }
    return due;
  }
}
