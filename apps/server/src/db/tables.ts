import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** numeric columns arrive as strings from both PostgreSQL drivers. */
type Numeric = ColumnType<string, number | string | undefined, number | string>;
/** bigint (int8) cents: a string from pg, a number from PGlite; read them with `Number`. */
export type BigCents = string | number;

export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  slogan: string | null;
  description: string | null;
  type: 'PERSONAL' | 'COMPANY';
  small_logo: string | null;
  large_logo: string | null;
  vat_identification: string | null;
  street_name: string;
  street_number: string;
  postal_code: string;
  city: string;
  country: string;
  email: string;
  phone_number: string;
  /** The credit balance in cents (migration 0010; never negative; moved only with a ledger entry, D23). */
  balance_cents: ColumnType<BigCents, number | undefined, number>;
  discount: Numeric;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  activated_at: Timestamp | null;
  eula_accepted_at: Timestamp | null;
  language: ColumnType<Language, Language | undefined, Language>;
  created_at: CreatedAt;
}

export type Language = 'nl' | 'en';

export interface MembershipsTable {
  organisation_id: number;
  user_id: number;
  role: 'USER' | 'ADMIN' | 'OWNER';
  created_at: CreatedAt;
}

export interface AuthCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'activation' | 'reset';
  code_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
  /** An activation code's own registration's password hash (migration 0017, D53); null otherwise. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Mentor links (migration 0014, issue 23): secrets and codes only as hashes. */
export interface MentorLinksTable {
  id: Generated<number>;
  organisation_id: number;
  trajectory_id: number;
  user_id: number;
  email: string;
  name: string;
  role: string;
  secret_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** When the invitee's account was activated and the link's role became a user row (migration 0015, D11). */
  registered_at: Timestamp | null;
  created_by: number | null;
  created_at: CreatedAt;
  opened_at: Timestamp | null;
  last_used_at: Timestamp | null;
  code_hash: string | null;
  code_expires_at: Timestamp | null;
  code_attempts: ColumnType<number, number | undefined, number>;
}

export interface MentorSessionsTable {
  id: Generated<number>;
  link_id: number;
  token_hash: string;
  created_at: CreatedAt;
  /** Its last request, noted at most once a minute: idle for 12 hours, it lapses (D54). */
  last_used_at: Generated<Date>;
  /** When a session on another device took its place (D54): it authenticates no more, its device is told why. */
  replaced_at: Date | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  /** One sign-in: every rotation of a token stays in its family. */
  family: string;
  token_hash: string;
  organisation_id: number | null;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface ExternalIdentitiesTable {
  provider: string;
  subject: string;
  user_id: number;
  created_at: CreatedAt;
}

/** Two-factor sign-in (migration 0026, D57): a TOTP secret per user; `enabled_at` null while enrolling. */
export interface UserTwoFactorTable {
  user_id: number;
  secret: string;
  enabled_at: Timestamp | null;
  /** The last RFC 6238 time step a code was accepted for: that step and earlier ones are refused. */
  last_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

/** Recovery codes (migration 0026), only as their SHA-256; each works once. */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

/** JSON as the drivers hand it over (jsonb parsed); written as text via JSON.stringify. */
type Json = ColumnType<unknown, string, string>;

export interface DocumentsTable {
  id: Generated<number>;
  organisation_id: number;
  kind: string;
  version: ColumnType<number, number | undefined, number>;
  content: Json;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface DocumentEventsTable {
  id: Generated<string>;
  document_id: number;
  organisation_id: number;
  version: number;
  actor_id: number | null;
  patch: Json;
  inverse: Json;
  created_at: CreatedAt;
}

/** A part of a document stored apart (migration 0011): the value at `pointer` in its content. */
export interface DocumentPartsTable {
  document_id: number;
  pointer: string;
  content: Json;
}

export type BlueprintTypeColumn =
  | 'COMPETENCE_LIST'
  | 'EXTRACT'
  | 'REPORT'
  | 'TRAJECTORY'
  | 'DASHBOARD'
  | 'INFORMATION';

export interface BlueprintsTable {
  id: Generated<number>;
  organisation_id: number;
  type: BlueprintTypeColumn;
  name: string;
  description: string | null;
  status: ColumnType<'LIVE' | 'DELETED', 'LIVE' | 'DELETED' | undefined, 'LIVE' | 'DELETED'>;
  document_id: number;
  source_blueprint_id: number | null;
  source_blueprint_version: number | null;
  created_by: number | null;
  created_at: CreatedAt;
  modified_at: Timestamp;
  status_modified_at: Timestamp | null;
  status_modified_by: number | null;
}

export interface BlueprintRightsTable {
  blueprint_id: number;
  organisation_id: number;
  email: string;
  admin: boolean;
  write: boolean;
  read: boolean;
}

export interface LibraryEntriesTable {
  id: Generated<number>;
  source_blueprint_id: number;
  source_organisation_id: number;
  type: BlueprintTypeColumn;
  name: string;
  description: string | null;
  version: number;
  content: Json;
  published_by: number | null;
  published_at: Timestamp;
  /** D56: the CASE document identifier of a competence-list entry, and the version its identifiers are of. */
  case_identifier: string | null;
  case_version: number | null;
}

/** D56: the CASE item identifiers of a library competence list (the provider's `CFItems/{id}`). */
export interface LibraryCaseItemsTable {
  entry_id: number;
  identifier: string;
}

export interface ResourcesTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  media_type: string;
  size: number | null;
  storage_key: string | null;
  uploaded_by: number | null;
  /** The mentor link it was uploaded through (issue 30, D54): only that link's session reaches it. */
  mentor_link_id: number | null;
  created_at: CreatedAt;
}

export interface DocumentResourcesTable {
  document_id: number;
  resource_id: number;
}

export interface TrajectoriesTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  description: string | null;
  status: ColumnType<'LIVE' | 'DELETED', 'LIVE' | 'DELETED' | undefined, 'LIVE' | 'DELETED'>;
  /** yyyy-MM-dd (a date column read as text, see database.ts). */
  active_until: ColumnType<string | null, string | null, string | null>;
  blueprint_id: number | null;
  blueprint_version: number | null;
  information: Json;
  form_document_id: number;
  evaluation_document_id: number;
  access_document_id: number;
  dashboard: Json;
  /** The report blueprints `{id, version, name, fields}` copied at creation (D9). */
  report_blueprints: ColumnType<unknown, string | undefined, string>;
  /**
   * The evaluation's progress as the list shows it, kept by the database's triggers (migration 0016): a
   * JSON array `[competences, scored, average, name, colour, lastAssessed]`; the app never writes it.
   */
  progress: ColumnType<string | null, never, never>;
  created_by: number | null;
  created_at: CreatedAt;
  modified_at: Timestamp;
  status_modified_at: Timestamp | null;
  status_modified_by: number | null;
}

export interface TrajectoryAccessTable {
  trajectory_id: number;
  organisation_id: number;
  email: string;
  read: boolean;
  purchase: boolean;
  metadata: boolean;
  rights: boolean;
  /** Evaluation read or write (write implies read), migration 0013. */
  evaluation_read: Generated<boolean>;
  evaluation_write: Generated<boolean>;
}

/** Kept by database triggers from an evaluation's content and entries (migration 0013); never written by the app. */
export interface EvaluationProgressTable {
  document_id: number;
  competences: number;
  scored: number;
  average: number | null;
  average_name: string | null;
  average_colour: string | null;
  last_assessed: Date | null;
  /** `[pointer, values]` of each competence's `…/latestProperties` part (migration 0016, the cohort grid). */
  latest: unknown;
  /** md5 of the evaluation's content (its tree and scale): rows with the same share one tree in the grid. */
  tree: string | null;
}

export interface ReportsTable {
  id: Generated<number>;
  organisation_id: number;
  trajectory_id: number;
  document_id: number;
  name: string;
  blueprint_name: string;
  blueprint_id: number | null;
  blueprint_version: number | null;
  created_by: number | null;
  created_at: CreatedAt;
  /** D16: the last accepted change, for the list's date filter. */
  modified_at: Timestamp;
}

export interface ExtractsTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  blueprint_id: number | null;
  /** The extract blueprint's settings at the request (D36). */
  settings: Json;
  trajectory_id: number | null;
  trajectory_name: string;
  created_by: number | null;
  created_at: CreatedAt;
  status: ColumnType<'ACTIVE' | 'ARCHIVED', 'ACTIVE' | 'ARCHIVED' | undefined, 'ACTIVE' | 'ARCHIVED'>;
  /** The job that draws the PDF (state and progress come from it, D37). */
  job_id: number | null;
  language: ColumnType<string, string | undefined, string>;
  storage_key: string | null;
  size: number | null;
}

export interface ExtractSharesTable {
  extract_id: number;
  email: string;
  shared_by: number | null;
  shared_at: CreatedAt;
}

/** The job queue (migration 0006, `jobs/queue.ts`). */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: ColumnType<unknown, string | undefined, string>;
  key: string | null;
  /** Set only while the job waits unclaimed (migration 0012): enqueues with the same key join it. */
  coalesce_key: string | null;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  lease_seconds: ColumnType<number, number | undefined, number>;
  lease: string | null;
  lease_until: Timestamp | null;
  locked_by: string | null;
  progress: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** Notifications (migration 0008, `modules/notifications/`; D27, D39). */
export interface NotificationsTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  actor_id: number | null;
  trajectory_id: number;
  target: 'FORM' | 'EVALUATION' | 'REPORT';
  target_id: number | null;
  action: 'CREATE' | 'UPDATE' | 'DELETE';
  document_id: number | null;
  version: number | null;
  read: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Credits (migration 0010; issue 11, D22–D25). */
export interface CreditTransactionsTable {
  id: Generated<number>;
  organisation_id: number;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  user_id: number | null;
  credits_cents: ColumnType<BigCents, number, number>;
  discount_percent: Numeric;
  discount_cents: ColumnType<BigCents, number, number>;
  net_cents: ColumnType<BigCents, number, number>;
  vat_percent: Numeric;
  vat_cents: ColumnType<BigCents, number, number>;
  price_cents: ColumnType<BigCents, number, number>;
  payment_status: PaymentStatusColumn;
  reference: string | null;
  redirect: string | null;
  language: ColumnType<Language, Language | undefined, Language>;
  billing: ColumnType<unknown, string, string>;
  quote_number: string | null;
  accepted_at: Timestamp | null;
  payment_id: string | null;
  checkout_url: string | null;
  invoice_number: string | null;
  paid_at: Timestamp | null;
  /** A purchase (or quote), or an operator's grant without payment (migration 0018, D52). */
  kind: ColumnType<'purchase' | 'grant', 'purchase' | 'grant' | undefined, never>;
}

type PaymentStatusColumn =
  | 'quote'
  | 'open'
  | 'pending'
  | 'authorized'
  | 'paid'
  | 'canceled'
  | 'expired'
  | 'failed';

export interface CreditLedgerTable {
  id: Generated<number>;
  organisation_id: number;
  created_at: CreatedAt;
  kind: 'purchase' | 'extension' | 'correction' | 'grant';
  amount_cents: ColumnType<BigCents, number, never>;
  balance_after_cents: ColumnType<BigCents, number, never>;
  credit_transaction_id: number | null;
  order_id: string | null;
  user_id: number | null;
  note: string | null;
}

export interface InvoiceSequencesTable {
  year: number;
  last: number;
}

export interface TrajectoryTransactionsTable {
  id: Generated<number>;
  organisation_id: number;
  order_id: string;
  created_at: CreatedAt;
  trajectory_id: number | null;
  trajectory_name: string;
  months: number;
  credits_cents: ColumnType<BigCents, number, number>;
  user_id: number | null;
  /** yyyy-MM-dd (date columns read as text). */
  previous_active_until: string | null;
  active_until: string;
}

export interface TestPaymentsTable {
  id: string;
  created_at: CreatedAt;
  amount_cents: ColumnType<BigCents, number, number>;
  description: string;
  status: PaymentStatusColumn;
  redirect_url: string;
  webhook_url: string;
}

/** An invitation to make an account, per organisation and invitee (migration 0021, D58). */
export interface AccountInvitationsTable {
  organisation_id: number;
  user_id: number;
  invited_by: number | null;
  first_sent_at: CreatedAt;
  sent_at: Timestamp;
  sends: ColumnType<number, number | undefined, number>;
}

/** The organisation's default extract blueprint (migration 0022, issue 31): every member's one-click progress report. */
export interface DefaultExtractBlueprintsTable {
  organisation_id: number;
  blueprint_id: number;
  chosen_at: ColumnType<Date, Date | undefined, Date>;
}

/** A cohort moved to its blueprints' latest versions in one step (migration 0023, D56). */
export interface TrajectoryUpdatesTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  created_at: CreatedAt;
  undone_at: Timestamp | null;
}

/** A trajectory of such an update: versions before and right after it, the row's values it replaced. */
export interface TrajectoryUpdateItemsTable {
  update_id: number;
  organisation_id: number;
  trajectory_id: number;
  from_version: number;
  to_version: number;
  form_version_before: number;
  form_version: number;
  evaluation_version_before: number;
  evaluation_version: number;
  access_version_before: number;
  access_version: number;
  dashboard: Json;
  report_blueprints: Json;
}

/** D57: the audit log (migration 0025): append-only, hash-chained per organisation (modules/audit). */
export interface AuditEventsTable {
  id: ColumnType<string, never, never>;
  organisation_id: number;
  seq: number;
  at: ColumnType<Date, Date, never>;
  actor_id: number | null;
  action: string;
  subject_kind: string;
  subject_id: string;
  request_id: string | null;
  details: ColumnType<unknown, string, never>;
  prev_hash: string | null;
  hash: string;
}

/** An audit event's personal data, outside the hash: what an erasure changes. */
export interface AuditPersonalTable {
  event_id: string;
  actor_email: string | null;
  actor_name: string | null;
  subject_label: string | null;
  details: Json | null;
}

export interface Database {
  organisations: OrganisationsTable;
  default_extract_blueprints: DefaultExtractBlueprintsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  auth_codes: AuthCodesTable;
  refresh_tokens: RefreshTokensTable;
  mentor_links: MentorLinksTable;
  mentor_sessions: MentorSessionsTable;
  account_invitations: AccountInvitationsTable;
  external_identities: ExternalIdentitiesTable;
  rate_limits: RateLimitsTable;
  user_two_factor: UserTwoFactorTable;
  user_recovery_codes: UserRecoveryCodesTable;
  documents: DocumentsTable;
  document_events: DocumentEventsTable;
  document_parts: DocumentPartsTable;
  blueprints: BlueprintsTable;
  blueprint_rights: BlueprintRightsTable;
  library_entries: LibraryEntriesTable;
  library_case_items: LibraryCaseItemsTable;
  resources: ResourcesTable;
  document_resources: DocumentResourcesTable;
  trajectories: TrajectoriesTable;
  trajectory_access: TrajectoryAccessTable;
  trajectory_updates: TrajectoryUpdatesTable;
  trajectory_update_items: TrajectoryUpdateItemsTable;
  evaluation_progress: EvaluationProgressTable;
  reports: ReportsTable;
  jobs: JobsTable;
  notifications: NotificationsTable;
  extracts: ExtractsTable;
  extract_shares: ExtractSharesTable;
  credit_transactions: CreditTransactionsTable;
  credit_ledger: CreditLedgerTable;
  invoice_sequences: InvoiceSequencesTable;
  trajectory_transactions: TrajectoryTransactionsTable;
  test_payments: TestPaymentsTable;
  audit_events: AuditEventsTable;
  audit_personal: AuditPersonalTable;
}

export type OrganisationRow = Selectable<OrganisationsTable>;
export type UserRow = Selectable<UsersTable>;
