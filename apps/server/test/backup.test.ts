import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { createMailer } from '../src/infra/mailer.js';
import { LocalStorage } from '../src/infra/storage.js';
import { BackupError, createBackup, restoreBackup } from '../src/ops/backup.js';
import { sayOk } from './helpers/chat.js';
import { as, buildUser, DEFAULT_PASSWORD, type BuiltUser } from './helpers/factories.js';
import { imagePart, makeImage } from './helpers/images.js';
import { connectMember } from './helpers/socket-client.js';
import { startApp, testDialect, testHasher, type TestApp } from './helpers/test-app.js';

/**
 * Issue 15, item 5: `npm run backup` copies the SQLite database while the server runs (SQLite's
 * online backup API) plus the uploads; `npm run restore` puts a backup into a fresh DATA_DIR.
 * PostgreSQL installations use pg_dump / pg_restore (README, "Backups").
 */

const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** Every file under `root`, relative path → bytes. */
function filesUnder(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(root, file), fs.readFileSync(file));
    }
  }
  return files;
}

function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** An app on the restored DATA_DIR, configured as `npm start` would be. */
async function appOn(dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: '0', WEB_DIST: path.join(dataDir, 'no-web') }, dataDir);
  const database = openDatabase(config.database);
  const storage = new LocalStorage(config.uploadsDir);
  const app = await buildApp({ config, database, storage, mailer: createMailer({ from: config.mailFrom, outboxDir: config.outboxDir }), hasher: testHasher() });
  onTestFinished(async () => {
    await app.close();
    await database.destroy();
  });
  return { app, db: database.db };
}

/** Members with an upload each and a conversation, all acknowledged. */
async function community(ctx: TestApp) {
  const members: BuiltUser[] = [];
  const uploads: string[] = [];
  for (let i = 0; i < 4; i++) {
    const member = await buildUser(ctx, { password: DEFAULT_PASSWORD });
    members.push(member);
    const res = await as(ctx, member.token).postMultipart('/member/index/uploads', {}, [imagePart('file', await makeImage('png', 60 + i, 40), 'png')]);
    expect(res.body.status).toBe(200);
    uploads.push(res.body.data.url);
  }
  const { socket } = await connectMember(ctx, members[0]!.token);
  const acknowledged: number[] = [];
  for (let i = 0; i < 12; i++) acknowledged.push((await sayOk(socket, members[1 + (i % 3)]!.user.id, `before the backup ${i}`)).message.id);
  return { members, uploads, socket, acknowledged };
}

if (testDialect() === 'sqlite') {
  describe('backup and restore (SQLite)', () => {
    it('backs up while the app runs and writes, and a fresh DATA_DIR restored from it has every member, message and file', async () => {
      const ctx = await startApp();
      const { members, uploads, socket, acknowledged } = await community(ctx);
      const filesBefore = filesUnder(ctx.config.uploadsDir);
      expect(filesBefore.size).toBe(uploads.length);

      // Writing all along: messages (group commits on the app's connection) and uploads.
      let writing = true;
      const duringBackup: number[] = [];
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          duringBackup.push((await sayOk(socket, members[1]!.user.id, `during the backup ${i}`)).message.id);
          if (i % 5 === 0) await as(ctx, members[2]!.token).postMultipart('/member/index/uploads', {}, [imagePart('file', await makeImage('jpeg', 30, 30 + i), 'jpeg')]);
        }
      })();
      // The writer is under way before the backup begins.
      while (duringBackup.length < 2) await new Promise((resolve) => setImmediate(resolve));
      const { folder, manifest } = await createBackup({ databaseFile: (ctx.config.database as { file: string }).file, uploadsDir: ctx.config.uploadsDir, into: tempDir('kindred-backups-') });
      writing = false;
      await writer;

      expect(path.basename(folder)).toMatch(/^kindred-backup-\d{8}T\d{6}Z$/);
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(folder, 'kindred.sqlite')).mode & 0o777).toBe(0o600);
      expect(fs.existsSync(path.join(folder, 'kindred.sqlite-wal'))).toBe(false);
      expect(manifest.database.members).toBe(members.length);

      const dataDir = path.join(tempDir('kindred-restore-'), 'data');
      await restoreBackup({ from: folder, dataDir });
      const restored = await appOn(dataDir);

      // Every member, with a working password and session.
      for (const member of members) {
        const login = await restored.app.inject({ method: 'POST', url: '/member/index/login', payload: { account: member.user.username, password: DEFAULT_PASSWORD } });
        expect(login.json(), member.user.username).toMatchObject({ status: 200, data: { id: member.user.id } });
        const info = await restored.app.inject({ method: 'POST', url: '/member/index/userinfo', headers: { authorization: `Bearer ${member.token}` } });
        expect(info.json()).toMatchObject({ status: 200, data: { username: member.user.username } });
      }
      // Every message acknowledged before the backup; of those written during it, an unbroken
      // first part (a snapshot of one moment), and nothing else.
      const rows = await restored.db.selectFrom('messages').select(['id', 'content']).orderBy('id').execute();
      const ids = rows.map((r) => r.id);
      expect(ids.slice(0, acknowledged.length)).toEqual(acknowledged);
      const later = ids.slice(acknowledged.length);
      expect(later).toEqual(duringBackup.slice(0, later.length));
      expect(rows.length).toBe(manifest.database.messages);
      expect(rows[0]!.content).toBe('before the backup 0');
      // Every file that existed when the backup began, byte for byte, and served.
      const restoredFiles = filesUnder(path.join(dataDir, 'uploads'));
      for (const [file, bytes] of filesBefore) expect(restoredFiles.get(file)?.equals(bytes), file).toBe(true);
      expect(restoredFiles.size).toBe(manifest.uploads!.files);
      for (const url of uploads) {
        const res = await restored.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.rawPayload.equals(filesBefore.get(url.slice('/uploads/'.length))!)).toBe(true);
      }
    });

    it('refuses a non-empty DATA_DIR without force and a damaged backup, and leaves DATA_DIR as it was', async () => {
      const ctx = await startApp();
      const member = await buildUser(ctx);
      const { folder } = await createBackup({ databaseFile: (ctx.config.database as { file: string }).file, uploadsDir: ctx.config.uploadsDir, into: tempDir('kindred-backups-') });
      const dataDir = tempDir('kindred-restore-');
      fs.writeFileSync(path.join(dataDir, 'kindred.sqlite'), 'the database of another installation');
      fs.writeFileSync(path.join(dataDir, 'kindred.sqlite-wal'), 'its write-ahead log');

      await expect(restoreBackup({ from: folder, dataDir })).rejects.toThrow(/is not empty .*--force/);
      expect(fs.readFileSync(path.join(dataDir, 'kindred.sqlite'), 'utf8')).toBe('the database of another installation');

      await restoreBackup({ from: folder, dataDir, force: true });
      expect(fs.existsSync(path.join(dataDir, 'kindred.sqlite-wal'))).toBe(false);
      const restored = await appOn(dataDir);
      expect((await restored.db.selectFrom('users').select('username').where('id', '=', member.user.id).executeTakeFirst())?.username).toBe(member.user.username);

      const damaged = path.join(folder, 'kindred.sqlite');
      const bytes = fs.readFileSync(damaged);
      const at = bytes.length - 100;
      bytes.writeUInt8(bytes.readUInt8(at) ^ 0xff, at);
      fs.writeFileSync(damaged, bytes);
      const other = tempDir('kindred-restore-');
      await expect(restoreBackup({ from: folder, dataDir: other })).rejects.toThrow(BackupError);
      expect(fs.readdirSync(other)).toEqual([]);
      await expect(restoreBackup({ from: other, dataDir: tempDir('kindred-restore-') })).rejects.toThrow(/not a Kindred backup/);
    });

    it('npm run backup and npm run restore: the commands, while the app runs', { timeout: 60_000 }, async () => {
      const ctx = await startApp();
      const { members } = await community(ctx);
      const backups = tempDir('kindred-backups-');

      const backup = await runScript('apps/server/src/ops/backup-cli.ts', [backups], { DATA_DIR: ctx.dataDir, INIT_CWD: backups });
      expect(backup.output).toMatch(/backup written: .*kindred-backup-\d{8}T\d{6}Z\n {2}database: 4 members, 12 messages/);
      expect(backup.code).toBe(0);
      const [name] = fs.readdirSync(backups);

      const dataDir = tempDir('kindred-restore-');
      const restore = await runScript('apps/server/src/ops/restore-cli.ts', [name!], { DATA_DIR: dataDir, INIT_CWD: backups });
      expect(restore.output).toMatch(/restored .* into .*\n {2}database: 4 members, 12 messages\n {2}4 uploaded files/);
      expect(restore.code).toBe(0);
      const again = await runScript('apps/server/src/ops/restore-cli.ts', [name!], { DATA_DIR: dataDir, INIT_CWD: backups });
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/is not empty/);

      const restored = await appOn(dataDir);
      expect((await restored.db.selectFrom('users').select('id').where('id', 'in', members.map((m) => m.user.id)).execute()).length).toBe(members.length);
    });
  });
} else {
  describe('backup on PostgreSQL', () => {
    it('is pg_dump’s work: npm run backup says so and writes nothing', async () => {
      const ctx = await startApp();
      const backups = tempDir('kindred-backups-');

      const backup = await runScript('apps/server/src/ops/backup-cli.ts', [backups], { DATA_DIR: ctx.dataDir, DATABASE_URL: (ctx.config.database as { url: string }).url });

      expect(backup.code).toBe(1);
      expect(backup.output).toMatch(/pg_dump --format=custom/);
      expect(fs.readdirSync(backups)).toEqual([]);
    });
  });
}
