import { z } from 'zod';
import { CONTROL_CHARS, EMAIL_PATTERN } from '../rules/validation.js';

/**
 * Field builders shared by every call schema. Form posts carry strings, JSON carries numbers, so
 * numeric fields accept both, but never arrays, objects or numeric-looking junk.
 */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((s) => !CONTROL_CHARS.test(s), 'control characters are not allowed');

export const requiredText = (max: number) => text(max).min(1, 'required');

/** Passwords are compared exactly but trimmed at the edges, as the spec's forms do. */
export const password = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'required')
    .max(max, `at most ${max} characters`)
    .refine((s) => !CONTROL_CHARS.test(s), 'control characters are not allowed');

export const int = (min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^-?\d{1,16}$/, 'must be a whole number').transform(Number)])
    .pipe(z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export const id = () => int(1, 2_147_483_647);

export const email = () => requiredText(254).regex(EMAIL_PATTERN, 'format error').transform((s) => s.toLowerCase());

export const sex = () => int(0, 1);

/** Birthdays are millisecond timestamps; anything before 1900 or in the future is junk. */
export const birthday = () => int(Date.UTC(1900, 0, 1), 4_102_444_800_000);

export const pageNumber = () => int(1, 1_000_000).default(1);
