import type { OrganisationRole, OrganisationValues } from '@groeipad/core';
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { OrganisationRow } from '../../db/tables.ts';

/** Whether the user is a member of any organisation (an invited address's membership waits for it). */
export async function hasMembership(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findMembershipRole(
  db: Db,
  organisationId: number,
  userId: number,
): Promise<OrganisationRole | undefined> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .modifyEnd(prepared)
    .executeTakeFirst();
  return row?.role;
}

/** The organisation with the user's role in it, in one query; undefined for non-members. */
export function findOrganisationForMember(
  db: Db,
  organisationId: number,
  userId: number,
): Promise<(OrganisationRow & { role: OrganisationRole }) | undefined> {
  return db
    .selectFrom('organisations')
    .innerJoin('memberships', 'memberships.organisation_id', 'organisations.id')
    .selectAll('organisations')
    .select('memberships.role')
    .where('organisations.id', '=', organisationId)
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
}

export function listUserOrganisations(db: Db, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('organisations', 'organisations.id', 'memberships.organisation_id')
    .select(['organisations.id', 'organisations.name', 'organisations.small_logo', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .orderBy('organisations.name')
    .orderBy('organisations.id')
    .execute();
}

function columns(values: OrganisationValues) {
  return {
    name: values.name,
    slogan: values.slogan,
    description: values.description,
    type: values.type,
    small_logo: values.smallLogo,
    large_logo: values.largeLogo,
    vat_identification: values.vatIdentification,
    street_name: values.streetName,
    street_number: values.streetNumber,
    postal_code: values.postalCode,
    city: values.city,
    country: values.country,
    email: values.email,
    phone_number: values.phoneNumber,
  };
}

export function insertOrganisation(db: Db, values: OrganisationValues): Promise<OrganisationRow> {
  return db.insertInto('organisations').values(columns(values)).returningAll().executeTakeFirstOrThrow();
}

export function updateOrganisation(db: Db, id: number, values: OrganisationValues): Promise<OrganisationRow> {
  return db
    .updateTable('organisations')
    .set({ ...columns(values), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertMembership(
  db: Db,
  organisationId: number,
  userId: number,
  role: OrganisationRole,
) {
  await db
    .insertInto('memberships')
    .values({ organisation_id: organisationId, user_id: userId, role })
    .execute();
}

/** Members with their account state; pending: invited, no account registered yet. */
export function listMembers(db: Db, organisationId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'memberships.role', 'users.activated_at'])
    .where('memberships.organisation_id', '=', organisationId)
    .orderBy('users.email')
    .execute();
}

export function findMember(db: Db, organisationId: number, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'memberships.role', 'users.activated_at'])
    .where('memberships.organisation_id', '=', organisationId)
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Locks the organisation row for the rest of the transaction, so changes to its members happen one
 * at a time (two owners demoting each other at once cannot leave it without an owner).
 */
export async function lockOrganisation(db: Db, organisationId: number): Promise<void> {
  await db.selectFrom('organisations').select('id').where('id', '=', organisationId).forUpdate().execute();
}

export async function countOwners(db: Db, organisationId: number): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<string>().as('owners'))
    .where('organisation_id', '=', organisationId)
    .where('role', '=', 'OWNER')
    .executeTakeFirstOrThrow();
  return Number(row.owners);
}

export async function updateMembershipRole(
  db: Db,
  organisationId: number,
  userId: number,
  role: OrganisationRole,
): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ role })
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMembership(db: Db, organisationId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('memberships')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .execute();
}
