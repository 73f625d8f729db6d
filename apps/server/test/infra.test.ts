import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PasswordHasher } from '../src/infra/passwords.js';
import { LocalStorage } from '../src/infra/storage.js';
import { createHash } from 'node:crypto';
import { Histogram, Registry } from 'prom-client';
import { RequestHistogram } from '../src/infra/request-histogram.js';
import { hashToken, newToken, randomCode } from '../src/infra/tokens.js';

const hasher = new PasswordHasher(10);

describe('PasswordHasher', () => {
  it('salts every hash and stores its parameters beside it', async () => {
    const [a, b] = await Promise.all([hasher.hash('secret123'), hasher.hash('secret123')]);

    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await hasher.verify('secret123', a)).toBe(true);
    expect(await hasher.verify('secret124', a)).toBe(false);
  });

  it('verifies hashes made with other parameters (so the cost can be raised later)', async () => {
    const stronger = await new PasswordHasher(12).hash('secret123');

    expect(await hasher.verify('secret123', stronger)).toBe(true);
  });

  it('lets an empty or malformed hash match nothing, without failing', async () => {
    for (const stored of ['', 'plain-text', 'bcrypt$10$a$b$c$d', 'scrypt$10$8$1$AAAA', 'scrypt$abc$8$1$AAAA$AAAA', 'scrypt$40$8$1$AAAA$AAAA']) {
      await expect(hasher.verify('secret123', stored), stored).resolves.toBe(false);
    }
  });
});

describe('tokens', () => {
  it('are 256 random bits in base64url, stored as a SHA-256 hex digest', () => {
    const token = newToken();

    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    // The digest sessions were stored under stays the same however it is computed.
    expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('makes invitation codes from unambiguous letters and digits', () => {
    const code = randomCode(10);

    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  });
});

describe('RequestHistogram', () => {
  it('exports the text and JSON prom-client’s Histogram exports for the same observations', async () => {
    const buckets = [0.001, 0.01, 0.1, 1];
    const ours = new Registry();
    const theirs = new Registry();
    const mine = new RequestHistogram('t_seconds', 'help text', buckets);
    ours.registerMetric(mine as unknown as Parameters<Registry['registerMetric']>[0]);
    const reference = new Histogram({ name: 't_seconds', help: 'help text', labelNames: ['method', 'route', 'status_code'], buckets, registers: [theirs] });
    const observations: [string, string, number, number][] = [
      ['POST', '/a', 200, 0.0004],
      ['POST', '/a', 200, 0.05],
      ['GET', '/b "quoted"', 404, 3],
      ['POST', '/a', 200, 0.01],
      ['POST', '/a', 500, 0.2],
    ];
    for (const [method, route, status, seconds] of observations) {
      mine.observe(`${method} ${status} ${route}`, () => ({ method, route, status_code: String(status) }), seconds);
      reference.observe({ method, route, status_code: String(status) }, seconds);
    }

    expect(await ours.metrics()).toBe(await theirs.metrics());
    // JSON: the same values and labels (prom-client adds empty exemplars, which we do not keep).
    const withoutExemplars = (metrics: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
      metrics.map((m) => ({ ...m, values: m.values.map((value) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'exemplar'))) }));
    expect(withoutExemplars(await ours.getMetricsAsJSON())).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));
    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});

describe('LocalStorage', () => {
  const storage = () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-storage-'));
    onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
    return { root, storage: new LocalStorage(path.join(root, 'uploads')) };
  };

  it('stores bytes under the key and answers the public url', async () => {
    const { root, storage: s } = storage();

    const url = await s.put('photo/7/a.jpg', Buffer.from('jpg'));

    expect(url).toBe('/uploads/photo/7/a.jpg');
    expect(fs.readFileSync(path.join(root, 'uploads/photo/7/a.jpg'), 'utf8')).toBe('jpg');
    await s.remove(url);
    expect(fs.existsSync(path.join(root, 'uploads/photo/7/a.jpg'))).toBe(false);
  });

  it('refuses keys that leave the uploads folder and ignores urls outside it', async () => {
    const { root, storage: s } = storage();
    fs.writeFileSync(path.join(root, 'keep.txt'), 'keep');

    await expect(s.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/escapes the root/);
    await expect(s.put('photo/../../escape.txt', Buffer.from('x'))).rejects.toThrow(/escapes the root/);
    await expect(s.remove('/uploads/../keep.txt')).rejects.toThrow(/escapes the root/);
    await s.remove('/elsewhere/keep.txt');
    expect(fs.existsSync(path.join(root, 'escape.txt'))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'keep.txt'), 'utf8')).toBe('keep');
  });
});
