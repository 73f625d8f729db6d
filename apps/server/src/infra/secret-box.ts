import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Seals small secrets at rest (staff TOTP secrets) with AES-256-GCM. The key is ADMIN_TOTP_KEY
 * (any string of 16+ characters, hashed to 256 bits) or, when that is unset, a random key kept in
 * DATA_DIR/admin-totp.key (created on first use, mode 0600), so a copy of the database alone
 * reveals no secret. Every node of a cluster must share the key: set ADMIN_TOTP_KEY there.
 * Sealed form: v1.<iv>.<tag>.<ciphertext>, base64url parts.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromPassphrase(passphrase: string): SecretBox {
    return new SecretBox(createHash('sha256').update(`kindred-admin-totp:${passphrase}`).digest());
  }

  /** The key file's key, made the first time (another process racing to make it wins, and both read its key). */
  static fromKeyFile(dataDir: string): SecretBox {
    const file = path.join(dataDir, 'admin-totp.key');
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return SecretBox.fromPassphrase(fs.readFileSync(file, 'utf8').trim());
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The secret, or undefined when it was sealed with another key or altered. */
  open(sealed: string): string | undefined {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
