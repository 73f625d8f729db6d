import type { Admission } from '../domain/admission.js';

/**
 * Who may hold a live connection: any signed-in account that is not pending approval (the same
 * admission check as HTTP calls; each opt's service applies its own permission rules).
 */
export const SOCKET_ADMISSION = { access: 'member' } as const satisfies Admission;
