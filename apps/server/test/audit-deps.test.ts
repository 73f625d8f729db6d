import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { REPO_ROOT } from '../src/config.js';

/**
 * scripts/audit-deps.mjs (CI's dependency audit) run in a scratch copy, with a stand-in `npm`
 * first on PATH that answers as the registry would: no network, every outcome on demand.
 */
function auditWith(npmAnswer: { stdout: string; stderr?: string; code: number }, lock: Record<string, { version: string; dev?: boolean }>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-audit-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'scripts'));
  fs.mkdirSync(path.join(dir, 'bin'));
  for (const file of ['audit-deps.mjs', 'known-advisories.json']) fs.copyFileSync(path.join(REPO_ROOT, 'scripts', file), path.join(dir, 'scripts', file));
  const packages = Object.fromEntries(Object.entries(lock).map(([name, entry]) => [`node_modules/${name}`, entry]));
  fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': {}, ...packages } }));
  fs.writeFileSync(path.join(dir, 'answer.json'), npmAnswer.stdout);
  fs.writeFileSync(path.join(dir, 'answer.err'), npmAnswer.stderr ?? '');
  fs.writeFileSync(path.join(dir, 'bin', 'npm'), `#!/bin/sh\ncat "${dir}/answer.json"\ncat "${dir}/answer.err" >&2\nexit ${npmAnswer.code}\n`, { mode: 0o755 });
  const run = spawnSync(process.execPath, [path.join(dir, 'scripts', 'audit-deps.mjs')], {
    encoding: 'utf8',
    env: { PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` },
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

const report = (counts: Partial<Record<'low' | 'moderate' | 'high' | 'critical', number>>, vulnerabilities: Record<string, unknown> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
  });
const REFUSED = JSON.stringify({ message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk', statusCode: 405, error: { summary: '' } });
const CURRENT = { nodemailer: { version: '10.6.1' }, '@fastify/static': { version: '10.1.11' } };

describe('scripts/audit-deps.mjs (issue 9, finding 12)', () => {
  it('fails on a high advisory the registry reports, naming it', () => {
    const high = { name: 'nodemailer', severity: 'high', range: '<=9.0.0', via: [{ title: 'raw option bypass', url: 'https://github.com/advisories/GHSA-p6gq-j5cr-w38f' }] };

    const run = auditWith({ stdout: report({ high: 1 }, { nodemailer: high }), code: 1 }, CURRENT);

    expect(run.code).toBe(1);
    expect(run.out).toContain('high: nodemailer <=9.0.0');
    expect(run.out).toContain('advisories found');
  });

  it('passes when the registry reports nothing at high or above', () => {
    const run = auditWith({ stdout: report({ moderate: 2 }), code: 1 }, CURRENT);

    expect(run.code).toBe(0);
    expect(run.out).toContain('0 critical, 0 high, 2 moderate');
  });

  it('says so when the registry refuses, and still fails on a known advisory in the lockfile', () => {
    const refusedClean = auditWith({ stdout: REFUSED, code: 1 }, CURRENT);
    const refusedOld = auditWith({ stdout: REFUSED, code: 1 }, { nodemailer: { version: '7.0.13' }, '@fastify/static': { version: '8.3.0' }, vitest: { version: '0.1.0', dev: true } });

    expect(refusedClean.code).toBe(0);
    expect(refusedClean.out).toContain('SKIPPED: the registry refused the advisory request (HTTP 405)');
    expect(refusedClean.out).toMatch(/offline check: none of the \d+ known/);
    expect(refusedOld.code).toBe(1);
    expect(refusedOld.out).toContain('nodemailer@7.0.13');
    expect(refusedOld.out).toContain('@fastify/static@8.3.0');
  });

  it('fails when npm gives no answer it can read (an audit that did not run is not clean)', () => {
    const run = auditWith({ stdout: '', stderr: 'npm error something broke', code: 1 }, CURRENT);

    expect(run.code).toBe(1);
    expect(run.out).toContain('did not run to an answer');
  });
});
