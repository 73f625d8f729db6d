import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STAFF_PASSWORD, seedDemo } from './db/seed/demo.js';
import { createMailer } from './infra/mailer.js';
import { PasswordHasher } from './infra/passwords.js';
import { LocalStorage } from './infra/storage.js';

/** config -> database (migrate, seed once) -> app -> listen; SIGINT/SIGTERM close it all in order. */
async function main() {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database);
  const hasher = new PasswordHasher();
  const storage = new LocalStorage(config.uploadsDir);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir });

  const seeded = config.seedDemo ? await seedDemo(database.db, { hasher, storage }) : null;
  for (const [id, password] of [[1, config.adminPassword], [2, config.supportPassword]] as const) {
    if (password) await database.db.updateTable('users').set({ password_hash: await hasher.hash(password) }).where('id', '=', id).execute();
  }

  const app = await buildApp({ config, database, mailer, storage, hasher });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.destroy();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `  Kindred is running: ${config.publicUrl}`,
    `    phone interface:   ${config.publicUrl}/m/login`,
    `    desktop interface: ${config.publicUrl}/w/login`,
    `    database: ${where}${applied.length ? ` (migrated: ${applied.join(', ')})` : ''}`,
    `    mail: ${config.smtpUrl ? 'SMTP' : `files in ${config.outboxDir}`}`,
  ];
  if (seeded || config.seedDemo) {
    lines.push('', '  Demo accounts (every demo member signs in with the password ' + `"${DEMO_PASSWORD}"):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.username.padEnd(8)} ${a.note}`);
    lines.push(`    admin    administrator, password "${config.adminPassword ? '(ADMIN_PASSWORD)' : DEMO_STAFF_PASSWORD}"`);
    lines.push(`    Support  support account (id 2), password "${config.supportPassword ? '(SUPPORT_PASSWORD)' : DEMO_STAFF_PASSWORD}"`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
