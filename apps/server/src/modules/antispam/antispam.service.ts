import { createHmac, randomBytes } from 'node:crypto';
import type { ChallengeAnswer } from '@kindred/protocol';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { fail } from '../../errors.js';
import { isDisposableEmail } from './disposable-email.js';
import type { ServerSecretsRepository } from './server-secrets.repository.js';
import type { UsedChallengesRepository } from './used-challenges.repository.js';

export interface AntispamOptions {
  /** ANTISPAM_POW: off, no challenge is asked for and none is checked. */
  pow: boolean;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The answer's counter lies between a third of this and this. */
  counterMax: number;
  /** ALTCHA_HMAC_KEY; unset: one generated and shared through the database. */
  hmacKey?: string;
  /** How long a challenge may be solved and used: time to fill the form in. */
  challengeTtlMs: number;
}

/** What registration, password recovery and the e-mail change ask of the anti-spam rules. */
export interface SignupGuard {
  /** Accepts a fresh, valid proof-of-work solution once; anything else is a domain error. */
  verify(payload: string | undefined): Promise<void>;
  /** Refuses addresses of disposable e-mail services. */
  checkEmail(email: string): void;
}

const ALGORITHM = 'PBKDF2/SHA-256';
const SECRET_NAME = 'altcha_hmac_key';
/** Used solutions are swept at most this often per node; a replay meanwhile still meets its row. */
const SWEEP_EVERY_MS = 10 * 60_000;

interface Keys {
  challenge: string;
  /** Signs the answer's derived key, so a solution is checked with one HMAC instead of a PBKDF2 run. */
  derivedKey: string;
}

/**
 * Sign-up anti-spam (issue 12 item 5): a self-hosted ALTCHA proof-of-work and the list of
 * disposable e-mail services. Challenges are deterministic (the server knows the answer's counter
 * and signs its derived key), so verifying costs an HMAC and the solver's work is bounded.
 */
export class AntispamService implements SignupGuard {
  private keys?: Promise<Keys>;
  private lastSweep = 0;

  constructor(
    private readonly used: UsedChallengesRepository,
    private readonly secrets: ServerSecretsRepository,
    private readonly options: AntispamOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async challenge(): Promise<ChallengeAnswer> {
    if (!this.options.pow) return { required: 0, challenge: null };
    const keys = await this.hmacKeys();
    const { counterMax, cost, challengeTtlMs } = this.options;
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost,
      counter: randomInt(counterMax, Math.ceil(counterMax / 3)),
      deriveKey,
      expiresAt: Math.floor((this.now() + challengeTtlMs) / 1000),
      hmacSignatureSecret: keys.challenge,
      hmacKeySignatureSecret: keys.derivedKey,
    });
    return { required: 1, challenge: challenge as ChallengeAnswer['challenge'] };
  }

  async verify(payload: string | undefined): Promise<void> {
    if (!this.options.pow) return;
    if (!payload) throw fail('challenge_required');
    const parsed = parsePayload(payload);
    const expiresAt = (parsed?.challenge.parameters.expiresAt ?? 0) * 1000;
    if (!parsed || expiresAt < this.now()) throw fail('challenge_invalid');
    const keys = await this.hmacKeys();
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret: keys.challenge,
        hmacKeySignatureSecret: keys.derivedKey,
      });
      verified = result.verified;
    } catch {
      // Parameters no challenge of ours has (an unknown algorithm, a malformed key) make the library throw.
      verified = false;
    }
    if (!verified) throw fail('challenge_invalid');
    await this.sweepNow();
    if (!(await this.used.markUsed(parsed.challenge.signature!, expiresAt))) throw fail('challenge_used');
  }

  checkEmail(email: string): void {
    if (isDisposableEmail(email)) throw fail('disposable_email');
  }

  private hmacKeys(): Promise<Keys> {
    this.keys ??= this.loadKeys().catch((error: unknown) => {
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  private async loadKeys(): Promise<Keys> {
    const master = this.options.hmacKey ?? (await this.secrets.getOrCreate(SECRET_NAME, () => randomBytes(32).toString('base64url'), this.now()));
    return { challenge: master, derivedKey: createHmac('sha256', master).update('altcha derived-key signatures').digest('hex') };
  }

  private async sweepNow(): Promise<void> {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.used.sweep(now);
  }
}

/** ALTCHA's payload: base64 of `{ challenge, solution }`; anything else is not one. */
function parsePayload(payload: string): (Payload & { challenge: Challenge & { signature: string } }) | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload> | null;
    const challenge = value?.challenge as Partial<Challenge> | undefined;
    const solution = value?.solution;
    if (!challenge || typeof challenge.signature !== 'string' || typeof challenge.parameters !== 'object' || !challenge.parameters) return null;
    if (!solution || typeof solution !== 'object') return null;
    return value as Payload & { challenge: Challenge & { signature: string } };
  } catch {
    return null;
  }
}
