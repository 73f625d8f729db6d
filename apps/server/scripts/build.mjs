// `npm run build -w @kindred/server`: the production server as plain JavaScript in dist/main.js (and
// dist/message-writer.worker.js, the chat writer thread it starts).
//
// One esbuild bundle of src/main.ts with our code, @kindred/protocol (TypeScript source) and the
// JavaScript dependencies: Node then loads one file instead of transpiling ~175 TypeScript modules
// through tsx and resolving ~1,400 files in node_modules at every start (README, dependency table).
// Kept out of the bundle and loaded from node_modules at run time:
// - native addons (their .node binaries are found next to their own files): better-sqlite3, sharp,
//   and the optional ones pg, ws and others probe for (pg-native, bufferutil, utf-8-validate);
// - the S3 SDK (an installation without S3_BUCKET never loads it) and opencc-js (megabytes of
//   dictionaries, loaded on the first Chinese conversion).
// What src/ imports lazily (import()) stays lazy (the Stripe SDK, about 0.7 MB, is read only by a server
// configured for Stripe): code splitting puts it in its own chunk under
// dist/chunks/, read the first time it is needed. Without splitting, esbuild would hoist the
// lazy module's imports of external packages to the top of main.js and load them at every start.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// --outdir=<folder> (tests build a copy of their own); it must sit inside the repository, where
// the external packages are found in node_modules.
const outdirArg = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length);
const outdir = outdirArg ? path.resolve(outdirArg) : path.join(serverDir, 'dist');
const outfile = path.join(outdir, 'main.js');

const EXTERNAL = [
  'better-sqlite3',
  'sharp',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  'opencc-js',
  '@aws-sdk/*',
  // pino loads these by name in worker threads, only when a transport is configured (never here).
  'pino-pretty',
  'thread-stream',
];

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
/** What both bundles share. */
const common = {
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // The CommonJS dependencies inside an ES module bundle still call require() for Node's own modules.
  banner: { js: "import { createRequire as __kindredRequire } from 'node:module'; const require = __kindredRequire(import.meta.url);" },
  // A stack trace can be mapped back with `node --enable-source-maps` (README): kept beside the file,
  // not loaded by default (parsing it at every start costs time and memory).
  sourcemap: 'linked',
  legalComments: 'linked',
  logLevel: 'warning',
};
const result = await build({
  ...common,
  entryPoints: { main: path.join(serverDir, 'src/main.ts') },
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  metafile: true,
});
// The chat's writer thread (src/modules/chat/message-writer-thread.ts) loads this file from beside
// main.js. A build of its own, without splitting: sharing chunks with main.js would move modules
// that find their way from import.meta.url (config.ts's REPO_ROOT) into dist/chunks/.
await build({ ...common, entryPoints: { 'message-writer.worker': path.join(serverDir, 'src/modules/chat/message-writer.worker.ts') } });
const bytes = fs.statSync(outfile).size;
const inputs = Object.keys(result.metafile.inputs).length;
const chunks = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length - 1;
console.log(`server built: ${path.relative(process.cwd(), outfile)} (${(bytes / 1_048_576).toFixed(1)} MB, ${chunks} lazy chunks, from ${inputs} files) in ${Date.now() - started} ms`);
