import { readdirSync } from 'node:fs';
import type { z } from 'zod';

/**
 * Walks zod 4 schemas through their definitions, so the adversarial tests reach every field of
 * every schema without a hand-kept list: a new call, field or wrapper is covered the day it lands.
 */
export type AnySchema = z.core.$ZodType;
type Def = { type: string } & Record<string, unknown>;
const defOf = (s: AnySchema) => s._zod.def as unknown as Def;

export const isSchema = (v: unknown): v is AnySchema => typeof v === 'object' && v !== null && '_zod' in v;

/** Every zod schema a module exports, by export name. */
export const exportedSchemas = (module: Record<string, unknown>): [string, AnySchema][] =>
  Object.entries(module).filter((e): e is [string, AnySchema] => isSchema(e[1]));

/**
 * The modules that hold what clients send (HTTP call bodies and socket messages), loaded from the
 * folder, so a new call file is checked without anyone adding it here.
 */
export async function requestModules(): Promise<[string, Record<string, unknown>][]> {
  const callsDir = new URL('../../src/calls/', import.meta.url);
  const files = readdirSync(callsDir).filter((f) => f.endsWith('.ts')).map((f) => `calls/${f}`);
  files.push('socket/client.ts');
  return Promise.all(files.map(async (f) => [f, (await import(`../../src/${f}`)) as Record<string, unknown>] as [string, Record<string, unknown>]));
}

/** Wrapper kinds whose input goes straight to one inner schema. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

/** The schemas a schema delegates to (both sides of pipes, options, fields, elements). */
export function childrenOf(schema: AnySchema): AnySchema[] {
  const def = defOf(schema);
  const out: unknown[] = [];
  if (WRAPPERS.has(def.type)) out.push(def.innerType);
  else if (def.type === 'pipe') out.push(def.in, def.out);
  else if (def.type === 'union') out.push(...(def.options as unknown[]));
  else if (def.type === 'intersection') out.push(def.left, def.right);
  else if (def.type === 'object') out.push(...Object.values((schema as unknown as z.ZodObject).shape), def.catchall);
  else if (def.type === 'array') out.push(def.element);
  else if (def.type === 'record' || def.type === 'map') out.push(def.keyType, def.valueType);
  else if (def.type === 'set') out.push(def.valueType);
  else if (def.type === 'tuple') out.push(...(def.items as unknown[]), def.rest);
  else if (def.type === 'lazy') out.push((def.getter as () => unknown)());
  return out.filter(isSchema);
}

/** Every schema reachable from `root` (each once, so recursive schemas end). */
export function reachable(root: AnySchema): AnySchema[] {
  const seen = new Set<AnySchema>();
  const stack = [root];
  while (stack.length) {
    const s = stack.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    stack.push(...childrenOf(s));
  }
  return [...seen];
}

/** A place in a schema's input where a client-chosen value lands, and how to put one there. */
export interface Slot {
  path: string;
  build: (payload: unknown) => unknown;
}

/** Literal fields of an object (a discriminated union's `opt`), so a payload reaches its branch. */
function literalsOf(shape: Record<string, AnySchema>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const def = defOf(field);
    if (def.type === 'literal') out[key] = (def.values as unknown[])[0];
  }
  return out;
}

/** Every slot of a schema: itself, each field of each object it reads, nested, array items. */
export function slotsOf(schema: AnySchema, depth = 0): Slot[] {
  const root: Slot = { path: '', build: (p) => p };
  if (depth > 6) return [root];
  const def = defOf(schema);
  const slots: Slot[] = [root];
  if (def.type === 'object') {
    const shape = (schema as unknown as z.ZodObject).shape as Record<string, AnySchema>;
    const literals = literalsOf(shape);
    for (const [key, field] of Object.entries(shape)) {
      for (const sub of slotsOf(field, depth + 1)) {
        slots.push({ path: sub.path ? `${key}.${sub.path}` : key, build: (p) => ({ ...literals, [key]: sub.build(p) }) });
      }
    }
  } else if (def.type === 'array') {
    for (const sub of slotsOf(def.element as AnySchema, depth + 1)) slots.push({ path: `[]${sub.path ? `.${sub.path}` : ''}`, build: (p) => [sub.build(p)] });
  } else if (def.type === 'record') {
    for (const sub of slotsOf(def.valueType as AnySchema, depth + 1)) slots.push({ path: `{}${sub.path ? `.${sub.path}` : ''}`, build: (p) => ({ k: sub.build(p) }) });
  } else {
    for (const child of childrenOf(schema)) slots.push(...slotsOf(child, depth + 1));
  }
  const byPath = new Map<string, Slot>();
  for (const s of slots) if (!byPath.has(s.path)) byPath.set(s.path, s);
  return [...byPath.values()];
}

/** Check kinds of a string schema, in the order zod runs them. */
export interface CheckInfo {
  kind: string;
  abort: boolean;
  maximum?: number;
}

export function checksOf(schema: AnySchema): CheckInfo[] {
  const checks = (defOf(schema).checks as AnySchema[] | undefined) ?? [];
  return checks.map((c) => {
    const def = (c as unknown as { _zod: { def: { check: string; abort?: boolean; maximum?: number } } })._zod.def;
    return { kind: def.check, abort: def.abort === true, maximum: def.maximum };
  });
}

export const isStringSchema = (s: AnySchema) => defOf(s).type === 'string';
