import { ChallengeAnswer } from '../wire/antispam.js';
import { defineCall, EmptyBody } from './define.js';
import { boundedString } from './fields.js';

/**
 * Sign-up anti-spam (an addition to the spec): a self-hosted ALTCHA proof-of-work. The client
 * fetches a signed challenge, solves it in a Web Worker, and sends the solution with the
 * registration or password-recovery form as `altcha`: ALTCHA's own payload, base64 of the JSON
 * `{ challenge, solution }`. No third party sees the visitor.
 */

/** A solved payload is about 700 characters; the limit leaves room and refuses junk before it is decoded. */
export const ALTCHA_PAYLOAD_MAX = 4096;

/**
 * The `altcha` field of register and forget: optional in the schema because an operator may turn
 * the check off (ANTISPAM_POW); what it holds is judged by the server (challenge_invalid).
 */
export const altchaField = () => boundedString(ALTCHA_PAYLOAD_MAX).optional();

export const antispamChallenge = defineCall({ path: '/member/index/challenge', body: EmptyBody, answer: ChallengeAnswer, access: 'public' });
