import { OK, type Envelope } from '@kindred/protocol';

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ status: OK, msg, data });

/** A non-error answer with one of the spec's own statuses (e.g. -3 "pending" that still signs in). */
export const answer = <T>(status: number, msg: string, data: T): Envelope<T> => ({ status, msg, data });
