import { z } from 'zod';

/**
 * Building blocks of the answer schemas (internal to wire/, not exported by the package: `int`
 * would shadow the request field builder of calls/fields.ts). Answers are types for both sides
 * and never parsed at run time, so these say what the server sends, not what it would accept.
 */

/** The spec's booleans: 0 or 1. */
export const flag = () => z.union([z.literal(0), z.literal(1)]);

/** Ids, counts, times (seconds or milliseconds, as each field says), levels. */
export const int = () => z.number().int();
