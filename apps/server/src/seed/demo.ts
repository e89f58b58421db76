import type { OrganisationRole } from '@groeipad/core';
import type { Actor } from '../actor.ts';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { bookLedgerEntry } from '../modules/credits/index.ts';
import { insertMembership, insertOrganisation } from '../modules/organisations/index.ts';
import { insertUser, updateUser } from '../modules/users/index.ts';
import { seedDemoBlueprints } from './demo-blueprints.ts';
import { seedDemoTrajectories } from './demo-trajectories.ts';

export const DEMO_PASSWORD = 'Groeipad-demo1';
export const DEMO_USERS: { email: string; role: OrganisationRole; firstName: string; lastName: string }[] = [
  { email: 'eigenaar@demo.groeipad.nl', role: 'OWNER', firstName: 'Eva', lastName: 'Eigenaar' },
  { email: 'beheerder@demo.groeipad.nl', role: 'ADMIN', firstName: 'Bram', lastName: 'Beheerder' },
  { email: 'gebruiker@demo.groeipad.nl', role: 'USER', firstName: 'Gijs', lastName: 'Gebruiker' },
  { email: 'mohammed@demo.groeipad.nl', role: 'USER', firstName: 'Mohammed', lastName: 'El Amrani' },
  { email: 'lotte@demo.groeipad.nl', role: 'USER', firstName: 'Lotte', lastName: 'Jansen' },
];
/** The teacher colleague (ADMIN) beside the owner, and the students, one per demo trajectory (D50). */
const DEMO_TEACHER = 'beheerder@demo.groeipad.nl';
const DEMO_STUDENTS = DEMO_USERS.filter((demo) => demo.role === 'USER').map((demo) => demo.email);

/**
 * On an empty database: a private demo organisation with an owner, an admin and three users, and a
 * complete set of Dutch blueprints (demo-blueprints.ts) and three trajectories from them: the owner and
 * the admin teach all three, each user is the student of one (demo-trajectories.ts). As a school sets it
 * up (D50): the teachers hold rights on the blueprints, the students none, so they cannot create
 * trajectories.
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const anyUser = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let owner: Actor | undefined;
  await ctx.db.transaction().execute(async (trx) => {
    const organisation = await insertOrganisation(trx, {
      name: 'Demoschool De Groeiboom',
      slogan: 'Samen groeien',
      description: 'Een demo-organisatie om Groeipad te verkennen.',
      type: 'COMPANY',
      smallLogo: null,
      largeLogo: null,
      vatIdentification: null,
      streetName: 'Schoolstraat',
      streetNumber: '1',
      postalCode: '1234 AB',
      city: 'Utrecht',
      country: 'NL',
      email: 'info@demo.groeipad.nl',
      phoneNumber: '+31 30 123 45 67',
    });
    // The provider's own details, for the quotes and invoices the demo makes (organisation 0 starts
    // with placeholders; a real provider fills them in on its organisation page).
    await trx
      .updateTable('organisations')
      .set({
        name: 'Groeipad B.V.',
        street_name: 'Oudegracht',
        street_number: '100',
        postal_code: '3511 AX',
        city: 'Utrecht',
        vat_identification: 'NL001234567B01',
        email: 'facturen@groeipad.nl',
        phone_number: '+31 30 765 43 21',
      })
      .where('id', '=', 0)
      .where('street_name', '=', '-')
      .execute();
    // A balance to try the extension wizard with: a correction entry of the ledger (D23).
    await bookLedgerEntry(trx, {
      organisationId: organisation.id,
      kind: 'correction',
      amountCents: 25_000,
      userId: null,
      note: 'demo balance',
    });
    for (const demo of DEMO_USERS) {
      const user = await insertUser(trx, {
        email: demo.email,
        passwordHash,
        language: 'nl',
        activated: true,
      });
      await updateUser(trx, user.id, { first_name: demo.firstName, last_name: demo.lastName });
      await insertMembership(trx, organisation.id, user.id, demo.role);
      if (demo.role === 'OWNER')
        owner = { userId: user.id, email: user.email, organisationId: organisation.id, role: 'OWNER' };
    }
    await seedDemoBlueprints(trx, owner!, [DEMO_TEACHER]);
  });
  await seedDemoTrajectories(ctx, owner!, DEMO_TEACHER, DEMO_STUDENTS);
  return true;
}
