import os from 'node:os';
import { parseArgs } from 'node:util';
import { postgresDiskDir, probeFsync, showFsync } from '../lib/fsync-probe.js';

/**
 * The tail of this machine's disk: a write of `--kb` (16) and fdatasync `--rate` times a second, alone, in
 * `--dir` (default: beside the data directory of the PostgreSQL at BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, else the temporary folder), `--rounds` times. Run it before reading a
 * PostgreSQL p99 of the socket bench: a durable commit waits for such a sync, so a disk that
 * stalls for 100 ms several times a minute sets a p99 no server can beat (bench/JOURNAL.md,
 * "Chat p99 on PostgreSQL, 2026-12-02 10:25–11:30: the disk's syncs").
 * `--kb 290 --rate 400` writes what SQLite's chat commits write at half the chat's saturation
 * (~120 MB/s): if its tail is the 16-KB probe's, the stalls are the disk's, not the load's.
 *   node --import tsx bench/tools/fsync-probe.ts [--seconds 60] [--rate 300] [--rounds 1] [--kb 16] [--dir /var/lib/postgresql]
 */

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '1' },
    dir: { type: 'string' },
    kb: { type: 'string', default: '16' },
  },
});
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const dir = values.dir ?? (url ? await postgresDiskDir(url) : os.tmpdir());
for (let r = 1; r <= Number(values.rounds); r++) {
  const tail = probeFsync(dir, Number(values.seconds), Number(values.rate), Number(values.kb));
  console.log(`round ${r}, ${tail.dir}, ${showFsync(tail)}`);
}
