import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** numeric columns arrive as strings from both PostgreSQL drivers. */
type Numeric = ColumnType<string, number | string | undefined, number | string>;

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
  credits: Numeric;
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

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface Database {
  organisations: OrganisationsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  auth_codes: AuthCodesTable;
  refresh_tokens: RefreshTokensTable;
  external_identities: ExternalIdentitiesTable;
  rate_limits: RateLimitsTable;
}

export type OrganisationRow = Selectable<OrganisationsTable>;
export type NewOrganisationRow = Insertable<OrganisationsTable>;
export type UserRow = Selectable<UsersTable>;
