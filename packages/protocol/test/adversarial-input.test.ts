import { describe, expect, it } from 'vitest';
import * as protocol from '../src/index.js';
import { exportedSchemas, slotsOf, type AnySchema } from './helpers/schema-walk.js';

/**
 * Issue 9, finding 1: one register call with `email = a@ + 160,000 dots + @` froze the server for
 * over a minute (a quadratic e-mail pattern that zod ran after the length check had failed). Every
 * field of every exported schema now gets adversarial text up to 1 MB (the HTTP body limit).
 *
 * Sizes grow by 4 from 1 KB, and a field fails at the first size over the budget: a super-linear
 * pattern shows at a few tens of KB, long before a 1 MB input could stall the run, so this test
 * fails in a second instead of hanging when someone adds one. The budget is far above what a
 * bounded field costs (microseconds) and far below what quadratic work costs at 16 KB (~100 ms),
 * and the best of three runs is taken, so a busy machine does not make it flaky.
 */
const SIZES = [1 << 10, 1 << 12, 1 << 14, 1 << 16, 1 << 18, 1 << 20];
const BUDGET_MS = 10;

const SHAPES: Record<string, (n: number) => string> = {
  dots: (n) => '.'.repeat(n),
  'a@ dots @': (n) => `a@${'.'.repeat(n)}@`,
  'a@a. repeated': (n) => `a@${'a.'.repeat(n / 2)}`,
  spaces: (n) => ' '.repeat(n),
  'spaces then x': (n) => `${' \t'.repeat(n / 2)}x\u0000`,
  brackets: (n) => '['.repeat(n),
  'İ (lower-cases to two characters)': (n) => 'İ'.repeat(n),
  digits: (n) => '9'.repeat(n),
  'letters then !': (n) => `${'a'.repeat(n)}!`,
};

const payloads = new Map<string, string>();
const payload = (shape: string, size: number) => {
  const key = `${shape}:${size}`;
  if (!payloads.has(key)) payloads.set(key, SHAPES[shape]!(size));
  return payloads.get(key)!;
};

/** Best of up to three runs, stopping as soon as one is within `budget`. */
const bestTime = (run: () => unknown, budget: number) => {
  let best = Infinity;
  for (let i = 0; i < 3 && best > budget; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
};

const parser = (schema: AnySchema) => (schema as unknown as { safeParse(v: unknown): unknown }).safeParse.bind(schema);

/**
 * Patterns and text functions are not bounded by a schema (the web forms run them on what is
 * typed, the server on headers), so they must be linear themselves: a budget growing with the
 * input (50 ns a character, 60 ms at 1 MB, about ten times what they take) passes linear work and
 * fails quadratic work by 16 KB.
 */
const linearBudget = (size: number) => BUDGET_MS + size * 50e-6;

/** Which sizes of which shapes `run` answers over the budget (at the first size that is). */
function overBudget(run: (text: string) => unknown, budget: (size: number) => number): string[] {
  const slow: string[] = [];
  for (const shape of Object.keys(SHAPES)) {
    for (const size of SIZES) {
      const text = payload(shape, size);
      const ms = bestTime(() => run(text), budget(size));
      if (ms > budget(size)) {
        slow.push(`${shape} × ${size}: ${ms.toFixed(1)} ms`);
        break;
      }
    }
  }
  return slow;
}

const schemas = exportedSchemas(protocol);

describe('adversarial input against every exported schema', () => {
  it('finds the call schemas (the walk is not vacuous)', () => {
    const names = schemas.map(([name]) => name);
    for (const expected of ['RegisterBody', 'LoginBody', 'ProfileBody', 'ForgetBody', 'SendChatMessage', 'ClientMessage', 'TranslateBody']) {
      expect(names).toContain(expected);
    }
    const registerFields = slotsOf(protocol.RegisterBody).map((s) => s.path);
    expect(registerFields).toEqual(expect.arrayContaining(['email', 'username', 'password', 'country']));
  });

  for (const [name, schema] of schemas) {
    it(`${name}: every field answers 1 MB of adversarial text within ${BUDGET_MS} ms`, () => {
      const parse = parser(schema);
      const slow = slotsOf(schema).flatMap((slot) =>
        overBudget((text) => parse(slot.build(text)), () => BUDGET_MS).map((s) => `${slot.path || '(whole body)'} with ${s}`),
      );
      expect(slow).toEqual([]);
    });
  }
});

const patterns = Object.entries(protocol).filter((e): e is [string, RegExp] => e[1] instanceof RegExp);
/** The functions that read text a member or a client chose (chat, trends, forms, User-Agent). */
const TEXT_FUNCTIONS: Record<string, (text: string) => unknown> = {
  isEmail: protocol.isEmail,
  parseEmoticons: protocol.parseEmoticons,
  emoticonsToUnicode: protocol.emoticonsToUnicode,
  isMobileUserAgent: protocol.isMobileUserAgent,
  isBlank: protocol.isBlank,
};

describe('every exported pattern and text function is linear-time', () => {
  it('finds the patterns', () => {
    expect(patterns.map(([name]) => name)).toEqual(expect.arrayContaining(['EMAIL_PATTERN', 'USERNAME_PATTERN', 'CONTROL_CHARS']));
  });

  for (const [name, pattern] of patterns) {
    it(`${name} answers 1 MB of adversarial text in linear time`, () => {
      const fresh = new RegExp(pattern.source, pattern.flags.replace('g', ''));
      expect(overBudget((text) => fresh.test(text), linearBudget)).toEqual([]);
    });
  }

  for (const [name, fn] of Object.entries(TEXT_FUNCTIONS)) {
    it(`${name} answers 1 MB of adversarial text in linear time`, () => {
      expect(overBudget(fn, linearBudget)).toEqual([]);
    });
  }

  it('the e-mail pattern that froze the server fails this test', () => {
    const quadratic = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
    // Caught well before 1 MB (about 130 ms at 16 KB on an idle machine), so it fails, not hangs.
    expect(overBudget((text) => quadratic.test(text), linearBudget)).toContainEqual(expect.stringMatching(/^a@ dots @ × (1024|4096|16384|65536):/));
  });
});
