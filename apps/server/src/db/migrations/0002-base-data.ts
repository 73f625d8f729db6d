import { DEFAULT_PERMISSIONS, PERMISSION_FLAGS, SUPPORT_ACCOUNT_ID, VIP_LEVELS } from '@kindred/protocol';
import type { Kysely } from 'kysely';
import { resetIdSequence, type DialectName } from '../dialect.js';

/**
 * Data every installation needs, demo or not: the default permission matrix and the two staff
 * accounts (administrator id 1, support id 2: the spec fixes the support id). Their password hash
 * is empty, which no password matches, until ADMIN_PASSWORD / SUPPORT_PASSWORD or the demo seed set one.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const rows = VIP_LEVELS.flatMap((vip) =>
    PERMISSION_FLAGS.map((flag) => ({ vip, flag, allowed: DEFAULT_PERMISSIONS[vip].includes(flag) ? 1 : 0 })),
  );
  await db.insertInto('permissions').values(rows).execute();

  const now = Date.now();
  const staff = (id: number, username: string, role: string) => ({
    id,
    username,
    username_key: username.toLowerCase(),
    email: `${username.toLowerCase()}@kindred.local`,
    password_hash: '',
    role,
    sex: 0,
    birthday: Date.UTC(1990, 0, 1),
    country: '',
    avatar: '',
    signature: '',
    lang: 'en',
    vip: 2,
    invitation_code: `staff${id}`,
    status: 1,
    is_yin: 1,
    is_auth: 1,
    created_at: now,
    updated_at: now,
  });
  await db.insertInto('users').values([staff(1, 'admin', 'admin'), staff(SUPPORT_ACCOUNT_ID, 'Support', 'support')]).execute();
  await resetIdSequence(db, dialect, 'users');
}
