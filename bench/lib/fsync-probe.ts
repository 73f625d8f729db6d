import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** How long the disk took to make a small write durable, in ms, over a probe. */
export interface FsyncTail {
  /** Where the probe's file was (the disk it measured). */
  dir: string;
  /** What it asked of the disk: writes of `kb`, `perSecond` times a second, for `seconds`. */
  kb: number;
  perSecond: number;
  seconds: number;
  syncs: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** Syncs over 50 ms: each one holds every commit made while it lasts. */
  over50: number;
}

/** The probe rewrites one 64-MB region, so it measures syncs, not the file's growth. */
const REGION = 64 * 1024 * 1024;
const pause = new Int32Array(new SharedArrayBuffer(4));
const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * A write of `kb` (16) and an fdatasync, `perSecond` times a second for `seconds`, in a file of `dir`
 * (created and removed here): what a PostgreSQL commit asks of its disk (wal_sync_method fdatasync,
 * Linux's default). A durable commit cannot answer before its sync, so the tail of this probe is a
 * floor under the p99 of anything acknowledged after a commit on that disk (2026-12-02: a Firecracker
 * guest whose syncs took 0.3 ms at the median and up to a second, bench/JOURNAL.md). Synchronous
 * (the caller runs it while nothing else of its own runs); it sleeps between syncs, so it loads the
 * disk, not a core. A larger `kb` asks what a SQLite chat commit asks (its WAL frames: ~290 KB for
 * 21 messages at half the chat's saturation, 2026-12-02): whether the tail follows the bytes or not.
 */
export function probeFsync(dir: string, seconds = 15, perSecond = 300, kb = 16): FsyncTail {
  const size = kb * 1024;
  const file = path.join(dir, `.kindred-fsync-probe-${process.pid}`);
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(size, 0x5a);
  const took: number[] = [];
  try {
    const end = performance.now() + seconds * 1000;
    for (let offset = 0; performance.now() < end; offset = (offset + size) % (REGION - (REGION % size))) {
      const started = performance.now();
      fs.writeSync(fd, block, 0, size, offset);
      fs.fdatasyncSync(fd);
      const ms = performance.now() - started;
      took.push(ms);
      Atomics.wait(pause, 0, 0, Math.max(0, 1000 / perSecond - ms));
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
  took.sort((a, b) => a - b);
  const at = (q: number) => round(took[Math.min(took.length - 1, Math.floor(took.length * q))] ?? Number.NaN);
  return { dir, kb, perSecond, seconds, syncs: took.length, p50: at(0.5), p99: at(0.99), p999: at(0.999), max: round(took.at(-1) ?? Number.NaN), over50: took.filter((ms) => ms > 50).length };
}

/** `16 KB × 300/s: p50 0.3 / p99 1.2 / p99.9 85.3 / max 435.5 ms, 25 over 50 ms in 18280 syncs`. */
export const showFsync = (t: FsyncTail) => `${t.kb} KB × ${t.perSecond}/s: p50 ${t.p50} / p99 ${t.p99} / p99.9 ${t.p999} / max ${t.max} ms, ${t.over50} over 50 ms in ${t.syncs} syncs`;

/**
 * The directory to probe for a PostgreSQL at `url`: BENCH_FSYNC_DIR if set; else, when the server
 * is on this machine and says where its data is (superusers may ask), the folder holding its data
 * directory, if this process may write there; else the system's temporary folder (which may be
 * another disk: the result says which folder it measured).
 */
export async function postgresDiskDir(url: string): Promise<string> {
  if (process.env.BENCH_FSYNC_DIR) return process.env.BENCH_FSYNC_DIR;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const host = client.host;
    if (host === '127.0.0.1' || host === 'localhost' || host.startsWith('/')) {
      const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
      const parent = path.dirname(rows[0]!.data_directory);
      fs.accessSync(parent, fs.constants.W_OK);
      return parent;
    }
  } catch {
    // not a superuser, not here, or not ours to write: the temporary folder
  } finally {
    await client.end().catch(() => undefined);
  }
  return os.tmpdir();
}
