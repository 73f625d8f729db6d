import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

/**
 * Preloaded (`--import`) into a server the idle-socket bench measures, ours or bare alike: on
 * SIGUSR2 it collects garbage (with --expose-gc) and writes process.memoryUsage() to
 * $HEAP_PROBE_DIR/<pid>.json, so RSS and V8 heap are read after the same full collection on both.
 * With HEAP_PROBE_SNAPSHOT set, each probe also writes a heap snapshot beside it (to compare what
 * an idle socket keeps: load two in Chrome DevTools' Memory tab, "Comparison").
 *
 * Plain JavaScript, so preloading it brings no TypeScript loader into our server: until 2026-12-02
 * it was TypeScript, and the `--import tsx` it needed made our bundled server hold ~560 MB more
 * resident memory and ~78 MB more heap before its first socket (tsx's loader on a 5-MB bundle),
 * which no installation runs and which made RSS per socket unreadable.
 */
const dir = process.env.HEAP_PROBE_DIR;
if (dir) {
  process.on('SIGUSR2', () => {
    const collect = globalThis.gc;
    collect?.();
    collect?.();
    const file = path.join(dir, `${process.pid}.json`);
    if (process.env.HEAP_PROBE_SNAPSHOT) v8.writeHeapSnapshot(path.join(process.env.HEAP_PROBE_SNAPSHOT, `${process.pid}-${Date.now()}.heapsnapshot`));
    fs.writeFileSync(`${file}.part`, JSON.stringify(process.memoryUsage()));
    fs.renameSync(`${file}.part`, file);
  });
}
