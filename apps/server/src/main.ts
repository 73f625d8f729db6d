import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_ACCOUNTS } from './db/seed/demo.js';
import { prepareAccounts, staffLine } from './db/seed/start-accounts.js';
import { createMailer } from './infra/mailer.js';
import { PasswordHasher } from './infra/passwords.js';
import { createStorage } from './infra/storage-factory.js';

/** config -> database (migrate, seed once) -> app -> listen; SIGINT/SIGTERM close it all in order. */
async function main() {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database);
  const hasher = new PasswordHasher();
  // The local uploads folder, or the S3 bucket when S3_BUCKET is set (checked reachable here).
  const storage = await createStorage(config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir });

  // Demo community and staff passwords; in production never a known password (start-accounts.ts).
  const accounts = await prepareAccounts(database.db, config, { hasher, storage });

  const app = await buildApp({ config, database, mailer, storage, hasher });
  for (const username of accounts.demoPasswordRemoved) {
    app.log.warn({ account: username }, 'production: removed the demo password of a staff account');
  }
  for (const account of accounts.staff.filter((a) => a.password === 'none')) {
    app.log.warn({ account: account.username }, `staff account without a password: set ${account.variable} (at least 8 characters) and restart to sign in`);
  }
  let closing = false;
  // A drain, so a rolling restart loses nothing: stop listening first (a balancer's next connection
  // is refused here and goes to another node; nginx passes on a refused connection even for a
  // POST, which a 503 from a closing node would not be), close sockets with 1001 so clients
  // reconnect elsewhere and let the messages they had sent commit (the gateway's preClose), let
  // in-flight requests answer, then close the database. Exit 0 when all of it finished in time.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining');
    const force = setTimeout(() => {
      app.log.error('shutdown: the drain took over 10 s, exiting anyway');
      process.exit(1);
    }, 10_000).unref();
    let code = 0;
    try {
      app.server.close();
      await app.close();
      await database.destroy();
      storage.close?.();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      clearTimeout(force);
      process.exit(code);
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
  // No password is ever printed, demo ones included: the README says which to use.
  if (accounts.seeded || config.seedDemo) {
    lines.push('', '  Demo accounts (their password is in the README, "Run the product"):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.username.padEnd(8)} ${a.note}`);
  }
  lines.push('', '  Staff accounts:');
  for (const account of accounts.staff) {
    const role = account.id === 1 ? 'administrator' : `support account (id ${account.id})`;
    lines.push(`    ${account.username.padEnd(8)} ${role}, ${staffLine(account)}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
