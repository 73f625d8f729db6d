#!/usr/bin/env node
/**
 * Dependency audit for CI (.ci/run) and `npm run audit:deps`: fails on high or critical advisories
 * in the production dependencies of package-lock.json.
 *
 * 1. `npm audit --omit=dev --json` asks the registry. Advisories at high or above: exit 1, each named.
 * 2. When the registry refuses or cannot be reached (some mirrors and proxies answer the bulk
 *    advisory endpoint with 405), that is said plainly, and the lockfile is checked offline against
 *    scripts/known-advisories.json: a match still fails the run. Only then does a refusal pass.
 * 3. Anything else (npm crashed, an answer we cannot read) fails: an audit that did not run is not
 *    a clean audit.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FAILING = ['high', 'critical'];
const NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH', 'ECONNABORTED']);

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
let report;
try {
  report = JSON.parse(run.stdout || 'null');
} catch {
  report = null;
}

if (report?.metadata?.vulnerabilities) {
  const found = Object.values(report.vulnerabilities ?? {}).filter((v) => FAILING.includes(v.severity));
  const counts = report.metadata.vulnerabilities;
  console.log(`npm audit (registry): ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low in production dependencies`);
  if (found.length === 0) process.exit(0);
  for (const v of found) {
    const advisories = (v.via ?? []).filter((via) => typeof via === 'object').map((via) => `${via.title} (${via.url})`);
    console.error(`  ${v.severity}: ${v.name} ${v.range}${advisories.length ? `\n    ${advisories.join('\n    ')}` : ''}`);
  }
  console.error('dependency audit FAILED: advisories found at high severity or above (update the packages above)');
  process.exit(1);
}

const refusal = registryRefusal(report, `${run.stderr ?? ''}`);
if (!refusal) {
  console.error('dependency audit FAILED: npm audit did not run to an answer we can read');
  console.error((run.stderr || run.stdout || String(run.error ?? '')).trim().split('\n').slice(-10).join('\n'));
  process.exit(1);
}

console.log(`npm audit SKIPPED: the registry refused the advisory request (${refusal}); this is not a clean audit.`);
const offline = offlineCheck();
if (offline.hits.length) {
  for (const hit of offline.hits) console.error(`  ${hit}`);
  console.error('dependency audit FAILED: the lockfile holds versions with known high-severity advisories');
  process.exit(1);
}
console.log(`offline check: none of the ${offline.known} known high/critical advisories (scripts/known-advisories.json) matches the ${offline.checked} production packages of package-lock.json`);

/** Why the registry gave no report: an HTTP status or a network error code; undefined if neither. */
function registryRefusal(json, stderr) {
  if (json && typeof json.statusCode === 'number') return `HTTP ${json.statusCode}`;
  const code = json?.error?.code ?? json?.code ?? /\b(E[A-Z]{3,})\b/.exec(stderr)?.[1];
  if (code && NETWORK_CODES.has(code)) return `network: ${code}`;
  const status = /\b(\d{3}) [A-Za-z ]+ - POST \S+\/-\/npm\/v1\/security\//.exec(stderr);
  if (status) return `HTTP ${status[1]}`;
  return undefined;
}

function offlineCheck() {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const { advisories } = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/known-advisories.json'), 'utf8'));
  const known = advisories.filter((a) => FAILING.includes(a.severity));
  const hits = [];
  let checked = 0;
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    if (!where.includes('node_modules/') || entry.dev || entry.devOptional || !entry.version) continue;
    checked++;
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    for (const a of known) {
      if (a.package === name && compare(entry.version, a.introduced) >= 0 && compare(entry.version, a.fixed) < 0) {
        hits.push(`${a.severity}: ${name}@${entry.version} (${where}) ${a.id}: ${a.title}; fixed in ${a.fixed}`);
      }
    }
  }
  return { hits, known: known.length, checked };
}

/** Orders two x.y.z versions; a pre-release comes before its release (so 10.1.1-rc.1 is not "fixed in 10.1.1"). */
function compare(a, b) {
  const parts = (v) => v.split('-')[0].split('.').map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return Number(!a.includes('-')) - Number(!b.includes('-'));
}
