/**
 * What signing in needs of the protocol beyond its error table, loaded on demand (api/sign-in.ts):
 * the call definitions carry their zod schemas, and `isPending` reads the permission module, which
 * builds some too; zod is about 28 KB gzipped that the sign-in page's first load does without.
 */
export { isPending, login, register } from '@kindred/protocol';
