import type { Migration, MigrationProvider } from 'kysely/migration';
import * as accounts from './0001-accounts.ts';
import * as documents from './0002-documents.ts';
import * as trajectories from './0003-trajectories.ts';
import * as reports from './0004-reports.ts';
import * as accessStatistics from './0005-access-statistics.ts';
import * as jobs from './0006-jobs.ts';
import * as accessStatisticsTarget from './0007-access-statistics-target.ts';
import * as notifications from './0008-notifications.ts';
import * as extracts from './0009-extracts.ts';
import * as credits from './0010-credits.ts';
import * as documentParts from './0011-document-parts.ts';
import * as jobsCoalesce from './0012-jobs-coalesce.ts';
import * as evaluationProgress from './0013-evaluation-progress.ts';
import * as mentorLinks from './0014-mentor-links.ts';
import * as mentorLinksRegistered from './0015-mentor-links-registered.ts';
import * as progressPerStatement from './0016-progress-per-statement.ts';
import * as registrationPasswords from './0017-registration-passwords.ts';
import * as creditGrants from './0018-credit-grants.ts';
import * as mentorLinksHardened from './0019-mentor-links-hardened.ts';
import * as mentorSessionsReplaced from './0020-mentor-sessions-replaced.ts';
import * as accountInvitations from './0021-account-invitations.ts';
import * as defaultExtract from './0022-default-extract.ts';
import * as trajectoryUpdates from './0023-trajectory-updates.ts';
import * as libraryCase from './0024-library-case.ts';
import * as auditLog from './0025-audit-log.ts';
import * as twoFactor from './0026-two-factor.ts';

/** Every migration, in order. Names never change once released. */
const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-documents': documents,
  '0003-trajectories': trajectories,
  '0004-reports': reports,
  '0005-access-statistics': accessStatistics,
  '0006-jobs': jobs,
  '0007-access-statistics-target': accessStatisticsTarget,
  '0008-notifications': notifications,
  '0009-extracts': extracts,
  '0010-credits': credits,
  '0011-document-parts': documentParts,
  '0012-jobs-coalesce': jobsCoalesce,
  '0013-evaluation-progress': evaluationProgress,
  '0014-mentor-links': mentorLinks,
  '0015-mentor-links-registered': mentorLinksRegistered,
  '0016-progress-per-statement': progressPerStatement,
  '0017-registration-passwords': registrationPasswords,
  '0018-credit-grants': creditGrants,
  '0019-mentor-links-hardened': mentorLinksHardened,
  '0020-mentor-sessions-replaced': mentorSessionsReplaced,
  '0021-account-invitations': accountInvitations,
  '0022-default-extract': defaultExtract,
  '0023-trajectory-updates': trajectoryUpdates,
  '0024-library-case': libraryCase,
  '0025-audit-log': auditLog,
  '0026-two-factor': twoFactor,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
