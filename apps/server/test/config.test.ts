import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const CWD = '/srv/kindred';

describe('loadConfig', () => {
  it('defaults to the embedded setup: SQLite, uploads and outbox under DATA_DIR, no approval step', () => {
    const config = loadConfig({}, CWD);

    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      dataDir: path.join(CWD, 'data'),
      uploadsDir: path.join(CWD, 'data', 'uploads'),
      outboxDir: path.join(CWD, 'data', 'outbox'),
      database: { kind: 'sqlite', file: path.join(CWD, 'data', 'kindred.sqlite') },
      registrationApproval: false,
      seedDemo: true,
      sessionTtlMs: 30 * 86_400_000,
      rateLimits: { authPerMinute: 20, uploadPerMinute: 30 },
    });
    expect(config.redisUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://kindred@db:5432/kindred' }, CWD);

    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://kindred@db:5432/kindred' });
  });

  it('reads flags, numbers and the public address', () => {
    const config = loadConfig(
      { REGISTRATION_APPROVAL: 'yes', SEED_DEMO: 'off', TRUST_PROXY: '1', SESSION_TTL_DAYS: '7', AUTH_RATE_LIMIT: '5', PORT: '9000', PUBLIC_URL: 'https://kindred.example/' },
      CWD,
    );

    expect(config).toMatchObject({
      registrationApproval: true,
      seedDemo: false,
      trustProxy: 1,
      sessionTtlMs: 7 * 86_400_000,
      rateLimits: { authPerMinute: 5 },
      port: 9000,
      publicUrl: 'https://kindred.example',
    });
  });

  it('refuses invalid settings with a ConfigError naming each of them', () => {
    const load = () => loadConfig({ DATABASE_URL: 'mysql://x', REGISTRATION_APPROVAL: 'maybe', AUTH_RATE_LIMIT: '0', LOG_LEVEL: 'loud' }, CWD);

    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['DATABASE_URL', 'REGISTRATION_APPROVAL', 'AUTH_RATE_LIMIT', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });
});
