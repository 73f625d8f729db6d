import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './proc.js';

export interface Row {
  case: string;
  ours: string;
  baseline: string;
  /** ours / baseline for throughput, baseline / ours for costs: above 1 is better than the budget's unit; NaN: a row of context, no ratio. */
  ratio: number;
  budget?: string;
}

/**
 * Prints a table and keeps the latest figures per bench in bench/results/<bench>.json (a partial
 * run, e.g. a few cases, goes to <bench>.tmp instead and leaves the latest full figures alone).
 */
export function report(bench: string, rows: Row[], extra: Record<string, unknown> = {}, options: { partial?: boolean } = {}): void {
  const header = '| case | ours | bare baseline | ratio | budget |\n|---|---|---|---|---|';
  const lines = rows.map((r) => `| ${r.case} | ${r.ours} | ${r.baseline} | ${Number.isNaN(r.ratio) ? '—' : `${r.ratio.toFixed(2)}×`} | ${r.budget ?? ''} |`);
  console.log(`\n## ${bench}\n\n${header}\n${lines.join('\n')}\n`);
  const file = path.join(ROOT, 'bench/results', `${bench}.${options.partial ? 'tmp' : 'json'}`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', node: process.version };
  fs.writeFileSync(file, JSON.stringify({ bench, at: new Date().toISOString(), machine, rows, ...extra }, null, 2) + '\n');
}
