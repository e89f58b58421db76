import type { OrganisationRole, OrganisationValues } from '@groeipad/core';
import type { Db } from '../../db/database.ts';
import type { OrganisationRow } from '../../db/tables.ts';

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
