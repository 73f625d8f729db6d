import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * scrypt with a per-user salt, parameters stored beside the hash so they can be raised later
 * without invalidating old hashes. log2(N) 15 costs ~32 MiB and ~60 ms here; tests lower it.
 */
export class PasswordHasher {
  constructor(private readonly log2N = 15) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const N = 2 ** this.log2N;
    const key = await scrypt(password, salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
    return `scrypt$${this.log2N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  /** An empty or malformed hash matches nothing (staff accounts before a password is set). */
  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, log2N, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    // A damaged hash must match nothing, not throw or ask scrypt for gigabytes.
    if (![log2N, r, p].every((v) => /^\d{1,2}$/.test(v ?? '')) || Number(log2N) > 20 || Number(r) > 16 || Number(p) > 4) return false;
    const expected = Buffer.from(key, 'base64');
    const N = 2 ** Number(log2N);
    const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * N * Number(r),
    });
    return timingSafeEqual(actual, expected);
  }
}
