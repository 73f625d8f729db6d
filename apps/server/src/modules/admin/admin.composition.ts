import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { SecretBox } from '../../infra/secret-box.js';
import type { PasswordHasher } from '../../infra/passwords.js';
import type { Storage } from '../../infra/storage.js';
import type { SessionRevocation } from '../../realtime/session-revocation.js';
import type { AuthThrottle } from '../auth/auth-throttle.js';
import type { MembershipsRepository } from '../billing/memberships.repository.js';
import type { CreditsRepository } from '../credits/credits.repository.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { PermissionsRepository } from '../permissions/permissions.repository.js';
import type { PermissionsService } from '../permissions/permissions.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import { AdminAuthService } from './admin-auth.service.js';
import { AdminCatalogueRepository } from './admin-catalogue.repository.js';
import { AdminCatalogueService } from './admin-catalogue.service.js';
import { AdminDashboardRepository } from './admin-dashboard.repository.js';
import { AdminDashboardService } from './admin-dashboard.service.js';
import { AdminMembersRepository } from './admin-members.repository.js';
import { AdminMembersService } from './admin-members.service.js';
import { AdminReportsRepository } from './admin-reports.repository.js';
import { AdminReportsService } from './admin-reports.service.js';
import { AdminSettingsService } from './admin-settings.service.js';
import { AuditRepository } from './audit.repository.js';
import { LiveSettings } from './live-settings.js';
import { MemberDiscipline } from './member-discipline.js';
import { SettingsRepository } from './settings.repository.js';
import { StaffAuthRepository } from './staff-auth.repository.js';

/** What the console's services are built from (the composition root hands these over). */
export interface AdminDeps {
  config: Config;
  db: Db;
  storage: Storage;
  hasher: PasswordHasher;
  throttle: AuthThrottle;
  users: UsersRepository;
  permissionsRepo: PermissionsRepository;
  permissions: PermissionsService;
  credits: CreditsRepository;
  memberships: MembershipsRepository;
  notices: Pick<NoticesService, 'create'>;
  sessionRevocation: Pick<SessionRevocation, 'endSessions'>;
  log: { warn(obj: unknown, msg: string): void };
  now: () => number;
}

/**
 * The administrator console's services, each given only the repositories it uses (one audit
 * repository shared by all), and `live`, the run-time settings members read (chat's free quota).
 */
export function composeAdmin(d: AdminDeps) {
  const { config, db, now } = d;
  const audit = new AuditRepository(db, now);
  if (!config.admin.totpKey && config.database.kind === 'postgres') {
    d.log.warn({}, 'ADMIN_TOTP_KEY is not set: staff TOTP secrets are sealed with a key file in DATA_DIR, which every node of a cluster must share');
  }
  const box = config.admin.totpKey ? SecretBox.fromPassphrase(config.admin.totpKey) : SecretBox.fromKeyFile(config.dataDir);
  const settingsRepo = new SettingsRepository(db);
  const live = new LiveSettings(settingsRepo, { freeChats: config.chat.freeChats }, now);
  const discipline = new MemberDiscipline(d.users, d.sessionRevocation, d.notices, now);
  const members = new AdminMembersService(db, d.users, new AdminMembersRepository(db), d.credits, d.memberships, discipline, d.sessionRevocation, audit, now);
  return {
    live,
    auth: new AdminAuthService(db, d.users, new StaffAuthRepository(db), audit, d.hasher, d.throttle, box, { sessionIdleMs: config.admin.sessionIdleMs, sessionMaxMs: config.admin.sessionMaxMs, issuer: 'Kindred' }, now),
    members,
    reports: new AdminReportsService(db, new AdminReportsRepository(db), d.users, discipline, d.notices, audit, now),
    dashboard: new AdminDashboardService(new AdminDashboardRepository(db), now),
    catalogue: new AdminCatalogueService(db, new AdminCatalogueRepository(db), d.storage, audit),
    settings: new AdminSettingsService(db, d.permissionsRepo, d.permissions, settingsRepo, live, audit, now),
    /** Every minute: suspensions past their end are lifted, old console sessions and tickets go. Answers the stop. */
    startSweeps(everyMs = 60_000): () => Promise<void> {
      const timer = setInterval(() => {
        void Promise.all([members.liftEndedSuspensions(), this.auth.sweep()]).catch((err) => d.log.warn({ err }, 'admin sweep failed'));
      }, everyMs);
      timer.unref();
      return async () => clearInterval(timer);
    },
  };
}

export type AdminServices = ReturnType<typeof composeAdmin>;
