/**
 * One proof-of-work solver thread: altcha-lib's worker loop with the browser's own PBKDF2
 * (WebCrypto). Served from our origin as a file of its own, so the CSP's script-src 'self'
 * covers it: no blob: or inline worker.
 */
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
