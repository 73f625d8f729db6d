import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** dist/main.js of the server bundle this run built, or null (then servers start from source). */
    kindredServerBundle: string | null;
  }
}

/**
 * Vitest globalSetup of the journeys: builds the production bundle once (apps/server/scripts/build.mjs,
 * what `npm start` runs), so that each journey's servers start as `npm start` does in ~1–2 s instead
 * of transpiling the TypeScript source through tsx at every start (6–10 s on the shared machine).
 * The folder sits inside the repository (the bundle finds its external packages in node_modules
 * from there) and matches .gitignore's `.dist-test-*`.
 */
export default function setup(project: TestProject): () => void {
  const outdir = fs.mkdtempSync(path.join(ROOT, 'apps/server/.dist-test-e2e-'));
  const built = spawnSync(process.execPath, ['apps/server/scripts/build.mjs', `--outdir=${outdir}`], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) {
    fs.rmSync(outdir, { recursive: true, force: true });
    throw new Error(`the server bundle did not build:\n${built.stdout}${built.stderr}`);
  }
  project.provide('kindredServerBundle', path.join(outdir, 'main.js'));
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}

/** Node's arguments to start the server: the run's bundle, or the source through tsx without one. */
export function serverArgs(): string[] {
  const bundle = inject('kindredServerBundle');
  return bundle ? [bundle] : ['--import', 'tsx', 'apps/server/src/main.ts'];
}
