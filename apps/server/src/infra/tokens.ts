import { hash, randomBytes } from 'node:crypto';

/** 256-bit random tokens; only their SHA-256 is stored, so a leaked table reveals no session. */
export const newToken = (): string => randomBytes(32).toString('base64url');
/** One-shot hash: every signed-in call hashes its token, and a Hash object costs twice as much. */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');
export const randomCode = (length = 8): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};
