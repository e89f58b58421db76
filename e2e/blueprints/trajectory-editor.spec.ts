import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import {
  createActivatedUser,
  createReadyUser,
  seedStorage,
  type Tokens,
  uniqueEmail,
} from '../support/accounts';
import { shoot } from '../support/shots';
import { choose, input, openTab, rightsTab } from './flow-steps';
import {
  checkState,
  createFixture,
  DESKTOP,
  type Fixture,
  INFORMATION_FIELDS,
  notificationsGone,
  readContent,
  replaceContent,
  signInMember,
} from './trajectory-editor-setup';

/**
 * The trajectory blueprint editor (issue 7, spec part 2 §2): linked sub-blueprints with versions and
 * the update button, the score scale, report blueprints, and the roles-and-rights editor (tri-state
 * rights, dependencies, canNotRevokeRight, role deletion, default users); save, reload; read-only.
 */

type Owner = Tokens & { organisationId: number };

const REFUSED = 'Met deze wijziging zou je zelf het recht verliezen om rechten te beheren.';
const SAVED = 'De wijzigingen zijn opgeslagen.';

let owner: Owner;
let ownerEmail: string;
let readerEmail: string;
let fixture: Fixture;
const P = `TB${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  ownerEmail = uniqueEmail('tb-owner');
  readerEmail = uniqueEmail('tb-reader');
  owner = await createReadyUser(request, ownerEmail, 'ROC De Groeiboom');
  await createActivatedUser(request, readerEmail);
  fixture = await createFixture(request, owner, P, [readerEmail]);
});

test('an admin builds a trajectory blueprint in Dutch', async ({ page }) => {
  test.setTimeout(300_000);
  await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
  await page.goto(`/blueprints/trajectories/${fixture.trajectory}`);
  await expect(page.getByRole('heading', { name: `${P} traject`, level: 1 })).toBeVisible();

  // Dashboard: link the dashboard blueprint at its current version (2: created, then filled).
  await choose(page, 'Dashboard-sjabloon', `${P} dashboard`);
  await expect(page.getByText('Gebruikte versie 2, nieuwste versie 2')).toBeVisible();
  await expect(page.getByText('Scores per competentie')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bijwerken naar versie 2' })).toBeDisabled();
  await checkState(page, 'trajectory-blueprint-dashboard-nl', () =>
    expect(page.getByText('Laatste beoordelingen')).toBeVisible(),
  );

  // Fields: the information form, read-only, with its group.
  await openTab(page, 'Informatie');
  await choose(page, 'Informatiesjabloon', `${P} intake`);
  await expect(page.getByText('Straat', { exact: true })).toBeVisible();
  await checkState(page, 'trajectory-blueprint-fields-nl', () =>
    expect(page.getByText('Plaats', { exact: true })).toBeVisible(),
  );

  // Evaluation: the competence list and a score scale of three, reordered.
  await openTab(page, 'Beoordeling');
  await choose(page, 'Competentielijst', `${P} competenties`);
  await expect(page.getByText('Observeert de client')).toBeVisible();
  for (const [index, name] of ['Onvoldoende', 'Goed', 'Voldoende'].entries()) {
    await page.getByRole('button', { name: 'Score toevoegen' }).click();
    await input(page, `Naam van score ${index + 1}`).fill(name);
    await expect(input(page, `Kleur van score ${index + 1}`)).toHaveValue('#FFD700');
  }
  await input(page, 'Omschrijving van score 1').fill('Laat het gedrag nog niet zien');
  await input(page, 'Kleur van score 1').fill('#E03131');
  await page.getByRole('button', { name: 'Score 3 omhoog' }).click();
  await expect(input(page, 'Naam van score 2')).toHaveValue('Voldoende');
  await expect(input(page, 'Naam van score 3')).toHaveValue('Goed');
  await checkState(page, 'trajectory-blueprint-evaluation-nl', () =>
    expect(input(page, 'Naam van score 1')).toHaveValue('Onvoldoende'),
  );

  // Reports: both report blueprints; a second one with a taken name is refused.
  await openTab(page, 'Verslagen');
  const addReport = page.getByRole('button', { name: 'Verslag toevoegen' });
  await expect(addReport).toBeDisabled();
  for (const name of [`${P} voortgangsgesprek`, `${P} eindbeoordeling`]) {
    await choose(page, 'Verslagsjabloon', name);
    await expect(input(page, 'Naam in het traject')).toHaveValue(name);
    await addReport.click();
    await expect(
      page.getByRole('list', { name: 'Verslagen in dit traject' }).getByText(name, { exact: true }),
    ).toBeVisible();
  }
  await choose(page, 'Verslagsjabloon', `${P} eindbeoordeling`);
  await expect(page.getByText('Er is al een verslag met deze naam.')).toBeVisible();
  await expect(addReport).toBeDisabled();
  await checkState(page, 'trajectory-blueprint-reports-nl', () =>
    expect(page.getByText('Er is al een verslag met deze naam.')).toBeVisible(),
  );
  await input(page, 'Naam in het traject').fill('');

  // Access: a new blueprint already has the default admin role; nobody holds it yet.
  await openTab(page, 'Toegang');
  await expect(page.getByRole('radio', { name: 'Admin' })).toBeChecked();
  await expect(page.getByText('Minstens één gebruiker moet beheerder zijn.')).toBeVisible();
  await input(page, 'Nieuwe rol').fill('  admin ');
  await expect(page.getByText('Er bestaat al een rol met deze naam.')).toBeVisible();
  await input(page, 'Nieuwe rol').fill('Student');
  await page.getByRole('button', { name: 'Rol toevoegen' }).click();
  await expect(page.getByRole('radio', { name: 'Student' })).toBeChecked();

  // Information rights: read on the whole form, hidden on BSN (its read goes off), inherited elsewhere.
  await page.getByRole('checkbox', { name: 'Lezen: Alle informatie' }).check();
  await expect(page.getByRole('checkbox', { name: 'Lezen: Straat' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Verborgen: BSN' }).check();
  await expect(page.getByRole('checkbox', { name: 'Lezen: BSN' })).not.toBeChecked();
  // Tri-state over a selection: Naam reads, BSN does not → mixed; a click sets read on both.
  await page.getByRole('checkbox', { name: 'Naam selecteren' }).check();
  await page.getByRole('checkbox', { name: 'BSN selecteren' }).check();
  const readSelection = page.getByRole('checkbox', { name: 'Lezen voor de geselecteerde velden' });
  await expect(readSelection).toHaveJSProperty('indeterminate', true);
  await checkState(page, 'trajectory-blueprint-access-information-nl', () =>
    expect(readSelection).toHaveJSProperty('indeterminate', true),
  );
  await readSelection.click();
  await expect(page.getByRole('checkbox', { name: 'Lezen: BSN' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Verborgen: BSN' })).not.toBeChecked();
  // Ctrl+Z outside form controls (the editor leaves keys in inputs, checkboxes too, to them).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('checkbox', { name: 'Verborgen: BSN' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Lezen: BSN' })).not.toBeChecked();

  // Evaluation read; on a report the whole-report write also turns read on.
  await rightsTab(page, 'Student', 'Beoordeling');
  await page.getByRole('checkbox', { name: 'Lezen: de beoordeling bekijken' }).check();
  await rightsTab(page, 'Student', 'Verslagen');
  await page.getByRole('checkbox', { name: 'Schrijven: Hele verslag' }).check();
  await expect(page.getByRole('checkbox', { name: 'Lezen: Hele verslag' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Beheer: Hele verslag' })).not.toBeChecked();
  await checkState(page, 'trajectory-blueprint-access-reports-nl', () =>
    expect(page.getByRole('checkbox', { name: 'Lezen: Hele verslag' })).toBeChecked(),
  );

  // Default users: the own address with Admin, a student with Student; a duplicate is refused.
  const email = input(page, 'E-mailadres');
  await email.fill(ownerEmail.toUpperCase());
  await choose(page, 'Rollen', 'Admin');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  await expect(page.getByText(ownerEmail, { exact: true })).toBeVisible();
  await expect(input(page, `Rollen van ${ownerEmail}`)).toBeDisabled();
  await email.fill('student@groeiboom.example.com');
  await choose(page, 'Rollen', 'Student');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  await email.fill('Student@Groeiboom.example.com');
  await expect(page.getByText('Deze gebruiker staat al in de lijst.')).toBeVisible();
  await email.fill('');
  await expect(page.getByText('Minstens één gebruiker moet beheerder zijn.')).toHaveCount(0);

  // Taking away the own rights admin is refused.
  await page.getByRole('radio', { name: 'Admin' }).check();
  await rightsTab(page, 'Admin', 'Beheerrechten');
  const rights = page.getByRole('checkbox', { name: 'Rechten', exact: true });
  await rights.click();
  await expect(page.getByText(REFUSED)).toBeVisible();
  await expect(rights).toBeChecked();
  await page.getByRole('button', { name: 'Rol Admin verwijderen' }).click();
  await expect(page.getByText(REFUSED).first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Admin' })).toBeVisible();
  await notificationsGone(page);

  // Deleting a role that a user holds asks first and strips it from them.
  await input(page, 'Nieuwe rol').fill('Gast');
  await page.getByRole('button', { name: 'Rol toevoegen' }).click();
  await choose(page, 'Rollen van student@groeiboom.example.com', 'Gast');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Rol Gast verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rol verwijderen' });
  await expect(dialog.getByText('student@groeiboom.example.com')).toBeVisible();
  await expectAccessible(page, 'trajectory-blueprint-delete-role-nl');
  await shoot(page, 'trajectory-blueprint-delete-role-nl-1280');
  await dialog.getByRole('button', { name: 'Rol verwijderen' }).click();
  await expect(page.getByRole('radio', { name: 'Gast' })).toHaveCount(0);
  await checkState(page, 'trajectory-blueprint-access-nl', () =>
    expect(page.getByText('student@groeiboom.example.com')).toBeVisible(),
  );

  // Save, reload: everything is there.
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Student' })).toBeVisible();
  await page.getByRole('radio', { name: 'Student' }).check();
  await expect(page.getByRole('checkbox', { name: 'Verborgen: BSN' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Lezen: Naam' })).toBeChecked();
  await expect(input(page, 'Rollen van student@groeiboom.example.com')).toBeVisible();
  await openTab(page, 'Dashboard');
  await expect(input(page, 'Dashboard-sjabloon')).toHaveValue(`${P} dashboard`);
  await openTab(page, 'Beoordeling');
  await expect(input(page, 'Naam van score 2')).toHaveValue('Voldoende');
  await expect(input(page, 'Kleur van score 1')).toHaveValue('#E03131');
  await openTab(page, 'Verslagen');
  const reports = page.getByRole('list', { name: 'Verslagen in dit traject' });
  await expect(reports.getByText(`${P} voortgangsgesprek`, { exact: true })).toBeVisible();
  await expect(reports.getByText(`${P} eindbeoordeling`, { exact: true })).toBeVisible();
});

test('a newer linked blueprint is taken in with the update button; a reader sees it read-only', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const stored = await readContent(request, owner, 'TRAJECTORY', fixture.trajectory);
  const roles = stored.roles as { name: string; informationRights: Record<string, unknown> }[];
  expect(roles.find((role) => role.name === 'Student')?.informationRights['f-bsn']).toEqual({
    write: false,
    read: false,
    hidden: true,
  });
  expect(stored.users).toEqual([
    { user: ownerEmail, roles: ['Admin'] },
    { user: 'student@groeiboom.example.com', roles: ['Student'] },
  ]);

  await replaceContent(request, owner, 'INFORMATION', fixture.information, {
    fields: [...INFORMATION_FIELDS, { uuid: 'f-tel', name: 'Telefoon', type: 'text', required: false }],
  });
  await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
  await page.goto(`/blueprints/trajectories/${fixture.trajectory}?tab=fields`);
  await expect(page.getByText('Gebruikte versie 2, nieuwste versie 3')).toBeVisible();
  await checkState(page, 'trajectory-blueprint-update-nl', () =>
    expect(page.getByRole('button', { name: 'Bijwerken naar versie 3' })).toBeEnabled(),
  );
  await page.getByRole('button', { name: 'Bijwerken naar versie 3' }).click();
  await expect(page.getByText('Telefoon', { exact: true })).toBeVisible();
  await expect(page.getByText('Gebruikte versie 3, nieuwste versie 3')).toBeVisible();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await page.reload();
  await expect(page.getByText('Telefoon', { exact: true })).toBeVisible();
  // "None" removes the link, undo brings it back.
  await choose(page, 'Informatiesjabloon', 'Geen');
  await expect(page.getByText('Telefoon', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(page.getByText('Telefoon', { exact: true })).toBeVisible();

  // A READ-only user: everything disabled.
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'nl-NL' });
  const reader = await context.newPage();
  const tokens = await signInMember(request, owner, readerEmail);
  await seedStorage(reader, { tokens, cookies: true, language: 'nl' });
  await reader.goto(`/blueprints/trajectories/${fixture.trajectory}`);
  await expect(reader.getByText('Je kunt dit document bekijken, maar niet wijzigen.')).toBeVisible();
  await expect(input(reader, 'Dashboard-sjabloon')).toBeDisabled();
  await openTab(reader, 'Beoordeling');
  await expect(input(reader, 'Naam van score 1')).toBeDisabled();
  await expect(reader.getByRole('button', { name: 'Score toevoegen' })).toHaveCount(0);
  await openTab(reader, 'Verslagen');
  await expect(reader.getByRole('button', { name: `${P} voortgangsgesprek verwijderen` })).toBeDisabled();
  await openTab(reader, 'Toegang');
  await reader.getByRole('radio', { name: 'Student' }).check();
  await expect(reader.getByRole('checkbox', { name: 'Verborgen: BSN' })).toBeDisabled();
  await expect(input(reader, 'Nieuwe rol')).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Gebruiker toevoegen' })).toHaveCount(0);
  await checkState(reader, 'trajectory-blueprint-read-only-nl', () =>
    expect(reader.getByRole('checkbox', { name: 'Verborgen: BSN' })).toBeDisabled(),
  );
  await context.close();
});

test('the editor in English (shorter run)', async ({ page, request }) => {
  test.setTimeout(180_000);
  const english = await createFixture(request, owner, `${P}en`);
  await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
  await page.goto(`/blueprints/trajectories/${english.trajectory}`);
  const en = (name: string) =>
    page
      .getByRole('tablist', { name: 'Parts of the trajectory blueprint' })
      .getByRole('tab', { name })
      .click();
  await choose(page, 'Dashboard blueprint', `${P}en dashboard`);
  await checkState(page, 'trajectory-blueprint-dashboard-en', () =>
    expect(page.getByText('Version used 2, latest version 2')).toBeVisible(),
  );
  await en('Information');
  await choose(page, 'Information blueprint', `${P}en intake`);
  await en('Evaluation');
  await page.getByRole('button', { name: 'Add score' }).click();
  await input(page, 'Name of score 1').fill('Good');
  await checkState(page, 'trajectory-blueprint-evaluation-en', () =>
    expect(input(page, 'Colour of score 1')).toHaveValue('#FFD700'),
  );
  await en('Access');
  await input(page, 'New role').fill('Mentor');
  await page.getByRole('button', { name: 'Add role' }).click();
  await page
    .getByRole('tablist', { name: 'Rights of Mentor per part' })
    .getByRole('tab', { name: 'Evaluation' })
    .click();
  await page.getByRole('checkbox', { name: 'Write: add and delete assessments' }).check();
  await expect(page.getByRole('checkbox', { name: 'Read: view the evaluation' })).toBeChecked();
  await checkState(page, 'trajectory-blueprint-access-en', () =>
    expect(page.getByText('At least one user must be an administrator.')).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await page.reload();
  await page.getByRole('radio', { name: 'Mentor' }).check();
  await page
    .getByRole('tablist', { name: 'Rights of Mentor per part' })
    .getByRole('tab', { name: 'Evaluation' })
    .click();
  await expect(page.getByRole('checkbox', { name: 'Write: add and delete assessments' })).toBeChecked();
});
