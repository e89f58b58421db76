import {
  fromCents,
  type Organisation,
  type OrganisationRole,
  type OrganisationSummary,
  type OrganisationValues,
} from '@groeipad/core';
import type { AppContext } from '../../context.ts';
import type { OrganisationRow } from '../../db/tables.ts';
import { forbidden, notFound } from '../../errors.ts';
import { storableLogo } from './logos.ts';
import { type OrganisationAction, organisationPolicy } from './policy.ts';
import {
  findOrganisationForMember,
  insertMembership,
  insertOrganisation,
  listUserOrganisations,
  updateOrganisation,
} from './repository.ts';

/** An organisation as `role` may see it: credits and discount only for who may read them. */
export function presentOrganisation(row: OrganisationRow, role: OrganisationRole): Organisation {
  const abilities = {
    update: organisationPolicy.update(role),
    readCredits: organisationPolicy.readCredits(role),
    readDiscount: organisationPolicy.readDiscount(role),
    manageMembers: organisationPolicy.manageMembers(role),
  };
  return {
    id: row.id,
    name: row.name,
    slogan: row.slogan,
    description: row.description,
    type: row.type,
    smallLogo: row.small_logo,
    largeLogo: row.large_logo,
    vatIdentification: row.vat_identification,
    streetName: row.street_name,
    streetNumber: row.street_number,
    postalCode: row.postal_code,
    city: row.city,
    country: row.country,
    email: row.email,
    phoneNumber: row.phone_number,
    credits: abilities.readCredits ? fromCents(Number(row.balance_cents)) : null,
    discount: abilities.readDiscount ? Number(row.discount) : null,
    abilities,
  };
}

/**
 * Loads an organisation for a member allowed `action`: 404 for non-members, 403 without the right.
 * Inside a transaction pass it as `db`.
 */
export async function authorizeOrganisation(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  organisationId: number,
  action: OrganisationAction,
): Promise<OrganisationRow & { role: OrganisationRole }> {
  const organisation = await findOrganisationForMember(ctx.db, organisationId, userId);
  if (!organisation) throw notFound();
  if (!organisationPolicy[action](organisation.role)) throw forbidden();
  return organisation;
}

export async function listOrganisations(ctx: AppContext, userId: number): Promise<OrganisationSummary[]> {
  const rows = await listUserOrganisations(ctx.db, userId);
  return rows.map((row) => ({ id: row.id, name: row.name, smallLogo: row.small_logo, role: row.role }));
}

function withStorableLogos(values: OrganisationValues): OrganisationValues {
  return {
    ...values,
    smallLogo: storableLogo(values.smallLogo, 'smallLogo'),
    largeLogo: storableLogo(values.largeLogo, 'largeLogo'),
  };
}

/** Creates an organisation; its creator becomes OWNER. */
export async function createOrganisation(
  ctx: AppContext,
  userId: number,
  input: OrganisationValues,
): Promise<Organisation> {
  const values = withStorableLogos(input);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const organisation = await insertOrganisation(trx, values);
    await insertMembership(trx, organisation.id, userId, 'OWNER');
    return organisation;
  });
  return presentOrganisation(row, 'OWNER');
}

export async function getOrganisation(ctx: AppContext, userId: number, id: number): Promise<Organisation> {
  const organisation = await authorizeOrganisation(ctx, userId, id, 'read');
  return presentOrganisation(organisation, organisation.role);
}

export async function editOrganisation(
  ctx: AppContext,
  userId: number,
  id: number,
  values: OrganisationValues,
): Promise<Organisation> {
  const { role } = await authorizeOrganisation(ctx, userId, id, 'update');
  return presentOrganisation(await updateOrganisation(ctx.db, id, withStorableLogos(values)), role);
}

export async function getOrganisationCredits(ctx: AppContext, userId: number, id: number): Promise<number> {
  return fromCents(Number((await authorizeOrganisation(ctx, userId, id, 'readCredits')).balance_cents));
}

export async function getOrganisationDiscount(ctx: AppContext, userId: number, id: number): Promise<number> {
  return Number((await authorizeOrganisation(ctx, userId, id, 'readDiscount')).discount);
}
