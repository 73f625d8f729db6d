import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../src/config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** dist/main.js of the server bundle this run built, or null (then nodes start from source). */
    kindredServerBundle: string | null;
  }
}

/**
 * Vitest globalSetup of the cluster project: builds the production bundle once
 * (apps/server/scripts/build.mjs, what `npm start` runs), so that every node a test starts (and
 * restarts after kill -9) is up in ~1–2 s instead of transpiling the source through tsx each time
 * (6–10 s on the shared machine). The folder sits inside the repository, where the bundle finds its
 * external packages, and matches .gitignore's `.dist-test-*`. compiled-server.test.ts still checks
 * the bundle on its own; production-start.test.ts still starts main.ts from source.
 */
export default function setup(project: TestProject): () => void {
  const outdir = fs.mkdtempSync(path.join(REPO_ROOT, 'apps/server/.dist-test-nodes-'));
  const built = spawnSync(process.execPath, ['apps/server/scripts/build.mjs', `--outdir=${outdir}`], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (built.status !== 0) {
    fs.rmSync(outdir, { recursive: true, force: true });
    throw new Error(`the server bundle did not build:\n${built.stdout}${built.stderr}`);
  }
  project.provide('kindredServerBundle', path.join(outdir, 'main.js'));
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}
