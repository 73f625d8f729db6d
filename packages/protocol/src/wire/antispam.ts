import { z } from 'zod';

/** Answers of the sign-up anti-spam call (calls/antispam.ts): what the server sends, never parsed from a client. */

/** ALTCHA v2's challenge, passed to the solver as it is (the signature covers every parameter). */
export const PowChallengeWire = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }).passthrough(),
  signature: z.string(),
});
export type PowChallengeWire = z.infer<typeof PowChallengeWire>;

/** `required` 0: the operator turned the check off, the forms send no solution. */
export const ChallengeAnswer = z.object({
  required: z.union([z.literal(0), z.literal(1)]),
  challenge: PowChallengeWire.nullable(),
});
export type ChallengeAnswer = z.infer<typeof ChallengeAnswer>;
