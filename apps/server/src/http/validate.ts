import type { FieldErrors } from '@kindred/protocol';
import type { z } from 'zod';
import { validationFailed } from '../errors.js';

/** Parses input with a protocol schema; a failure names every offending field (HTTP 400). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    fields[key] ??= issue.code === 'invalid_type' ? `expected ${String((issue as { expected?: string }).expected ?? 'a value')}` : issue.message;
  }
  throw validationFailed(fields);
}
