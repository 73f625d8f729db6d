/**
 * zod compiles object parsers with `new Function` when it may, and probes whether it may the first
 * time an object schema is built. Under the page's CSP (`script-src 'self'`) the probe is refused
 * and the browser reports the violation (Lighthouse's best practices count it), even though zod
 * catches the throw. Jitless skips the probe; the socket's few parses per message do not need the
 * compiled parsers.
 *
 * This is zod's `config({ jitless: true })` without importing zod: `config` writes into the object
 * zod keeps on `globalThis.__zod_globalConfig` (shared by every copy of zod, zod/v4/core/core.js),
 * and importing zod here would put its core (about 4 KB gzipped) into the first load of /m/login,
 * which builds no schema. Imported first by main.tsx, so it runs before any schema is built;
 * zod-config.test.ts checks that zod reads it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};
