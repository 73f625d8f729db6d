import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { WebSocket } from 'ws';

/**
 * Every allocation a running server makes for a few seconds, by the function that made it — the
 * garbage too, which a heap snapshot or Node 20's sampling heap profiler cannot show (they keep only
 * what is still alive). Connects to a server started with `--inspect=127.0.0.1:<port>` (the socket
 * bench's servers: BENCH_SERVER_NODE_ARGS, or an arm of tools/server-ab.ts), turns on V8's
 * allocation tracking (what DevTools' "allocation instrumentation" uses: a stack for every
 * allocation, so the server runs several times slower meanwhile — compare shares, not rates),
 * and reads the trace tree the final snapshot carries. Prints the top allocating functions by bytes
 * (self, and with what they called), per chat message stored meanwhile with --metrics <the server's
 * /metrics URL> (kindred_chat_messages_total), or per N with --per N.
 *   node --import tsx bench/tools/alloc-profile.ts --port 9331 [--seconds 5] [--metrics http://127.0.0.1:<port>/metrics | --per N] [--top 40] [--save file.heapsnapshot]
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9331' },
    seconds: { type: 'string', default: '5' },
    per: { type: 'string' },
    top: { type: 'string', default: '40' },
    save: { type: 'string' },
    metrics: { type: 'string' },
  },
});

const targets = (await (await fetch(`http://127.0.0.1:${values.port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl, { maxPayload: 2 ** 31 });
await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
let nextId = 1;
const pending = new Map<number, (result: unknown) => void>();
const chunks: string[] = [];
ws.on('message', (data) => {
  const message = JSON.parse(data.toString()) as { id?: number; method?: string; params?: { chunk: string }; result?: unknown; error?: unknown };
  if (message.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(message.params!.chunk);
  else if (message.id && pending.has(message.id)) {
    if (message.error) throw new Error(JSON.stringify(message.error));
    pending.get(message.id)!(message.result);
    pending.delete(message.id);
  }
});
const call = (method: string, params: object = {}) =>
  new Promise((resolve) => {
    const id = nextId++;
    pending.set(id, resolve);
    ws.send(JSON.stringify({ id, method, params }));
  });

const stored = async () => {
  if (!values.metrics) return 0;
  const text = await (await fetch(values.metrics)).text();
  return [...text.matchAll(/^kindred_chat_messages_total(?:\{[^}]*\})? (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
};
const storedBefore = await stored();
await call('HeapProfiler.enable');
await call('HeapProfiler.startTrackingHeapObjects', { trackAllocations: true });
const started = Date.now();
await new Promise((resolve) => setTimeout(resolve, Number(values.seconds) * 1000));
console.error(`tracked ${((Date.now() - started) / 1000).toFixed(1)} s; reading the snapshot…`);
const storedMeanwhile = (await stored()) - storedBefore;
await call('HeapProfiler.stopTrackingHeapObjects', { reportProgress: false });
ws.close();
const text = chunks.join('');
if (values.save) fs.writeFileSync(values.save, text);

interface Snapshot {
  snapshot: { meta: { trace_function_info_fields: string[]; trace_node_fields: string[] } };
  trace_function_infos: number[];
  trace_tree: unknown[];
  strings: string[];
}
const snap = JSON.parse(text) as Snapshot;
const fif = snap.snapshot.meta.trace_function_info_fields;
const F = fif.length;
const fName = fif.indexOf('name'), fScript = fif.indexOf('script_name'), fLine = fif.indexOf('line');
const fnLabel = (index: number) => {
  const base = index * F;
  const script = snap.strings[snap.trace_function_infos[base + fScript]!] ?? '';
  const short = script.replace(/^.*\/(node_modules\/)/, '$1').replace(/^.*\/(apps|packages)\//, '$1/');
  return `${snap.strings[snap.trace_function_infos[base + fName]!] || '(anonymous)'} ${short}:${snap.trace_function_infos[base + fLine]! + 1}`;
};
// trace_tree: [id, function_info_index, count, size, children] repeated, children nested the same way.
const self = new Map<number, { count: number; size: number }>();
const total = new Map<number, number>();
let all = 0;
function walk(nodes: unknown[], stack: number[]): number {
  let sum = 0;
  for (let i = 0; i < nodes.length; i += 5) {
    const fn = nodes[i + 1] as number;
    const count = nodes[i + 2] as number;
    const size = nodes[i + 3] as number;
    const s = self.get(fn) ?? { count: 0, size: 0 };
    s.count += count;
    s.size += size;
    self.set(fn, s);
    all += size;
    const inner = size + walk(nodes[i + 4] as unknown[], [...stack, fn]);
    // A function's total counts once per stack it is on (recursion would count twice otherwise).
    if (!stack.includes(fn)) total.set(fn, (total.get(fn) ?? 0) + inner);
    sum += inner;
  }
  return sum;
}
walk(snap.trace_tree, []);
const per = values.per ? Number(values.per) : values.metrics ? storedMeanwhile : undefined;
const show = (bytes: number) => (per ? `${(bytes / per).toFixed(0).padStart(7)} B` : `${(bytes / 1024).toFixed(0).padStart(8)} KB`);
console.log(`allocated ${(all / 1e6).toFixed(1)} MB${per ? `, ${(all / per).toFixed(0)} B per ${values.metrics ? 'message stored' : 'unit'} (${per})` : ''}`);
console.log('\nby the function that allocated (self):');
for (const [fn, s] of [...self].sort((a, b) => b[1].size - a[1].size).slice(0, Number(values.top))) console.log(`${show(s.size)} ${String(s.count).padStart(9)}  ${fnLabel(fn)}`);
console.log('\nby function, with what it called (total):');
for (const [fn, size] of [...total].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`${show(size)}  ${fnLabel(fn)}`);
