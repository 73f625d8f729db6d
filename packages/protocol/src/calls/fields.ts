import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { isAdult } from '../rules/age.js';
import { CONTROL_CHARS, EMAIL_PATTERN } from '../rules/validation.js';

/**
 * Field builders shared by every call schema. Form posts carry strings, JSON carries numbers, so
 * numeric fields accept both, but never arrays, objects or numeric-looking junk.
 */

/**
 * How long a string may be before anything reads it at all: room for padding a trim removes and
 * for decomposed characters NFC composes. Beyond it the input is junk whatever it holds.
 */
export const rawLengthLimit = (max: number) => max * 4 + 1024;

export interface BoundedStringOptions {
  /** Drop white space at the edges before measuring (default true, as the spec's forms do). */
  trim?: boolean;
  /**
   * Fields compared by value (e-mail, sign-in account): NFC, then lower case, both *before* the
   * limit, so the limit holds for what is stored and compared ('İ' lower-cases to two characters,
   * which overflowed varchar(254) on PostgreSQL: issue 9, finding 10).
   */
  caseFold?: boolean;
  /** The refusal's message (default "at most N characters"). */
  message?: string;
}

/**
 * The one way a request schema reads a string; test/bounded-strings.test.ts fails on any other.
 * The length is refused first and the refusal aborts, because zod otherwise runs every later check
 * on the long input as well: that is how one register call with a 160,000-dot e-mail froze the
 * server (issue 9, finding 1). Patterns and refinements chained after it never see more than
 * `max` characters, and the rewrites before the limit (trim, NFC, lower case) are linear and see
 * at most rawLengthLimit(max).
 */
export function boundedString(max: number, { trim = true, caseFold = false, message }: BoundedStringOptions = {}) {
  const error = message ?? `at most ${max} characters`;
  if (!trim && !caseFold) return z.string().max(max, { error, abort: true });
  let s = z.string().max(rawLengthLimit(max), { error, abort: true });
  if (trim) s = s.trim();
  if (caseFold) s = s.normalize('NFC').toLowerCase();
  return s.max(max, { error, abort: true });
}

const noControlChars = (s: string) => !CONTROL_CHARS.test(s);
const NO_CONTROL_CHARS = 'control characters are not allowed';

export const text = (max: number) => boundedString(max).refine(noControlChars, NO_CONTROL_CHARS);

export const requiredText = (max: number) => text(max).min(1, 'required');

/**
 * Passwords are compared exactly but trimmed at the edges, as the spec's forms do. An empty one
 * answers "required" alone, not also "at least `min`".
 */
export const password = (max: number, min = 1) =>
  boundedString(max)
    .min(1, { error: 'required', abort: true })
    .min(min, `at least ${min} characters`)
    .refine(noControlChars, NO_CONTROL_CHARS);

export const int = (min: number, max: number) =>
  z
    .union([z.number(), boundedString(32, { message: 'must be a whole number' }).regex(/^-?\d{1,16}$/, 'must be a whole number').transform(Number)])
    .pipe(z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export const id = () => int(1, 2_147_483_647);

/**
 * An e-mail address as stored: NFC and lower case first, then at most 254 characters (the column),
 * then the format.
 */
export const email = () =>
  boundedString(LIMITS.emailMax, { caseFold: true })
    .min(1, { error: 'required', abort: true })
    .refine(noControlChars, NO_CONTROL_CHARS)
    .regex(EMAIL_PATTERN, 'format error');

/**
 * A username or e-mail address someone types to find an account (sign-in, password recovery):
 * folded like `email` so it compares with what is stored, format left to the service.
 */
export const accountKey = () =>
  boundedString(LIMITS.emailMax, { caseFold: true }).min(1, 'required').refine(noControlChars, NO_CONTROL_CHARS);

export const sex = () => int(0, 1);

/** Birthdays are millisecond timestamps; anything before 1900 or in the future is junk. */
export const birthday = () => int(Date.UTC(1900, 0, 1), 4_102_444_800_000);

export const pageNumber = () => int(1, 1_000_000).default(1);

/** A birthday of someone old enough to register (registration and profile). */
export const adultBirthday = () => birthday().refine((ms) => isAdult(ms, LIMITS.minAge), `you must be ${LIMITS.minAge} or older`);
