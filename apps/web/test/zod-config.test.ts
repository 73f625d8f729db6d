import { describe, expect, it } from 'vitest';
import '../src/api/zod-config';

describe('zod-config', () => {
  it('makes zod jitless without importing it (no eval probe under the CSP)', async () => {
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // An object schema built afterwards still parses, through the interpreted path.
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
