import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import {
  createActivatedUser,
  createReadyUser,
  PASSWORD,
  refresh,
  seedStorage,
  type Tokens,
  uniqueEmail,
} from '../support/accounts';
import { shoot } from '../support/shots';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
/** The invitee of the owner tests; members.xlsx and members.csv list this address too. */
const INVITEE = 'uitgenodigd@import.example.com';

const TEXTS = {
  nl: {
    userMenu: 'Gebruikersmenu',
    organisationEntry: 'Organisatie',
    usersEntry: 'Gebruikers',
    menu: 'Onderdelen van de organisatie',
    section: 'Onderdeel',
    general: 'Algemeen',
    users: 'Gebruikers',
    slogan: 'Slogan',
    save: 'Opslaan',
    saved: 'De wijzigingen zijn opgeslagen.',
    email: 'E-mailadres',
    role: 'Rol',
    add: 'Toevoegen',
    added: 'De gebruiker is toegevoegd.',
    invited: `${INVITEE} is toegevoegd. Er hoort nog geen account bij dit adres`,
    alreadyMember: 'Dit e-mailadres staat al in de lijst.',
    invalidEmail: 'Vul een geldig e-mailadres in.',
    pending: 'Uitgenodigd',
    you: 'jij',
    roleOf: (email: string) => `Rol van ${email}`,
    deleteOf: (email: string) => `${email} verwijderen`,
    admin: 'Beheerder',
    updated: 'De gebruiker is gewijzigd.',
    deleteTitle: 'Gebruiker verwijderen',
    deleteConfirm: 'Verwijderen',
    deleted: 'De gebruiker is verwijderd.',
    import: 'Importeren uit bestand',
    imported: 'De gebruikers zijn geïmporteerd.',
    importFailed: 'De gebruikers konden niet worden geïmporteerd.',
    unreadable: 'Het bestand kon niet worden gelezen.',
    summary: (added: number, skipped: number) =>
      `${added} gebruiker${added === 1 ? '' : 's'} toegevoegd, ${skipped} ${skipped === 1 ? 'rij' : 'rijen'} overgeslagen.`,
    filter: 'Gebruikers filteren',
    noMatches: 'Geen gebruikers gevonden voor ‘zzz’.',
    noAccess: 'Geen toegang',
    invalidId: 'Ongeldig documentnummer',
  },
  en: {
    userMenu: 'User menu',
    organisationEntry: 'Organisation',
    usersEntry: 'Users',
    menu: 'Organisation sections',
    section: 'Section',
    general: 'General',
    users: 'Users',
    slogan: 'Slogan',
    save: 'Save',
    saved: 'Your changes have been saved.',
    email: 'E-mail address',
    role: 'Role',
    add: 'Add',
    added: 'The user has been added.',
    invited: `${INVITEE} has been added. There is no account with this address yet`,
    alreadyMember: 'This e-mail address is already in the list.',
    invalidEmail: 'Enter a valid e-mail address.',
    pending: 'Invitation pending',
    you: 'you',
    roleOf: (email: string) => `Role of ${email}`,
    deleteOf: (email: string) => `Remove ${email}`,
    admin: 'Administrator',
    updated: 'The user has been updated.',
    deleteTitle: 'Remove user',
    deleteConfirm: 'Remove',
    deleted: 'The user has been removed.',
    import: 'Import from file',
    imported: 'The users have been imported.',
    importFailed: 'The users could not be imported.',
    unreadable: 'The file could not be read.',
    summary: (added: number, skipped: number) =>
      `${added} user${added === 1 ? '' : 's'} added, ${skipped} row${skipped === 1 ? '' : 's'} skipped.`,
    filter: 'Filter users',
    noMatches: 'No users found for ‘zzz’.',
    noAccess: 'No access',
    invalidId: 'Invalid document number',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `${label} overflows at ${width}px`,
      })
      .toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);
}

/** Checks a state: axe, no sideways scroll at 375 and 320 px, screenshots at 1280 and 375 px. */
async function checkState(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await ready();
  await expectAccessible(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await ready();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-375`);
  await expectNoSidewaysScroll(page, name);
  await ready();
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Adds a member through the API as the owner. */
async function addMember(
  request: APIRequestContext,
  owner: Tokens & { organisationId: number },
  email: string,
  role: 'USER' | 'ADMIN' | 'OWNER',
): Promise<void> {
  await json(
    await request.post(`/api/organisations/${owner.organisationId}/users`, {
      data: { email, role },
      headers: { Authorization: `Bearer ${owner.accessToken}` },
    }),
  );
}

/** Tokens of an activated member for `organisationId`: signed in, licence accepted. */
async function signInMember(
  request: APIRequestContext,
  email: string,
  organisationId: number,
): Promise<Tokens> {
  const tokens = await json<Tokens>(
    await request.post('/api/auth/login', { data: { email, password: PASSWORD } }),
  );
  const eula = await request.post('/api/auth/eula', {
    data: {},
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(eula.ok()).toBe(true);
  return refresh(request, tokens, organisationId);
}

async function chooseFile(
  page: Page,
  x: Texts,
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: x.import }).click();
  await (await chooser).setFiles(typeof file === 'string' ? join(FIXTURES, file) : file);
}

/** Waits until the notifications have closed themselves, so that screenshots show the page. */
async function notificationsGone(page: Page): Promise<void> {
  await page.mouse.move(0, 400); // a hovered notification stays open
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * An ADMIN opens Users from the user menu by keyboard (D58), on a desktop and on a phone: Enter on the
 * entry leads to the Users section, which is checked (axe, 1280 and 375 px). The open menu itself is
 * photographed only: axe finds two faults in Mantine's menu that predate this entry (see the report).
 */
async function openUsersViaUserMenu(
  page: Page,
  x: Texts,
  organisationId: number,
  name: string,
): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/trajectories');
    await page.getByRole('button', { name: x.userMenu }).focus();
    await page.keyboard.press('Enter');
    const entry = page.getByRole('menuitem', { name: x.usersEntry });
    await expect(entry).toBeVisible();
    // An ADMIN who is not the owner has no organisation settings to open, so no entry for them.
    await expect(page.getByRole('menuitem', { name: x.organisationEntry })).toHaveCount(0);
    await shoot(page, `${name}-menu-${size.width}`);
    await entry.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/organisations/${organisationId}\\?section=users$`));
    await expect(page.getByRole('heading', { name: x.users, level: 2 })).toBeVisible();
  }
  await page.setViewportSize(DESKTOP);
  await checkState(page, name, () =>
    expect(page.getByRole('heading', { name: x.users, level: 2 })).toBeVisible(),
  );
}

async function openViaUserMenu(page: Page, x: Texts, organisationId: number): Promise<void> {
  await page.goto('/trajectories');
  await page.getByRole('button', { name: x.userMenu }).click();
  await page.getByRole('menuitem', { name: x.organisationEntry }).click();
  await expect(page).toHaveURL(new RegExp(`/organisations/${organisationId}$`));
}

test.describe.configure({ mode: 'serial' });

test('an owner manages the organisation and its users (nl)', async ({ page, request }) => {
  test.setTimeout(240_000);
  const x = TEXTS.nl;
  const ownerEmail = uniqueEmail('org-owner');
  const memberEmail = uniqueEmail('org-member');
  const owner = await createReadyUser(request, ownerEmail, 'Stichting Openbaar Onderwijs Groeiland');
  await createActivatedUser(request, memberEmail);
  await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });

  // General, reached through the user menu.
  await openViaUserMenu(page, x, owner.organisationId);
  const menu = page.getByRole('navigation', { name: x.menu });
  await expect(menu.getByRole('link', { name: x.general })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: x.users })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Naam', exact: true })).toHaveValue(
    'Stichting Openbaar Onderwijs Groeiland',
  );
  await checkState(page, 'organisation-general-nl', () =>
    expect(page.getByRole('heading', { name: x.general, level: 2 })).toBeVisible(),
  );
  // On a phone the side menu is a select above the content.
  await page.setViewportSize(PHONE);
  await expect(menu).toBeHidden();
  await expect(page.getByLabel(x.section)).toHaveValue('general');
  await page.setViewportSize(DESKTOP);

  await page.getByLabel(x.slogan).fill('Samen leren, samen groeien');
  await page.getByRole('button', { name: x.save }).click();
  await expect(page.getByText(x.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(x.slogan)).toHaveValue('Samen leren, samen groeien');

  // Users: the owner's own row cannot be changed.
  await menu.getByRole('link', { name: x.users }).click();
  await expect(page).toHaveURL(/\?section=users$/);
  await expect(page.getByRole('combobox', { name: x.roleOf(ownerEmail) })).toBeDisabled();
  await expect(page.getByRole('button', { name: x.deleteOf(ownerEmail) })).toBeDisabled();
  await expect(
    page.getByRole('row', { name: new RegExp(ownerEmail) }).getByText(x.you, { exact: true }),
  ).toBeVisible();
  await checkState(page, 'organisation-users-nl', () =>
    expect(page.getByRole('heading', { name: x.users, level: 2 })).toBeVisible(),
  );

  // The add button waits for a valid address that is not in the list yet.
  const email = page.getByRole('textbox', { name: x.email });
  const add = page.getByRole('button', { name: x.add, exact: true });
  await expect(add).toBeDisabled();
  await email.fill('geen-adres');
  await email.blur();
  await expect(page.getByText(x.invalidEmail)).toBeVisible();
  await expect(add).toBeDisabled();
  await email.fill(ownerEmail.toUpperCase());
  await expect(page.getByText(x.alreadyMember)).toBeVisible();
  await expect(add).toBeDisabled();
  await checkState(page, 'organisation-users-add-error-nl', () =>
    expect(page.getByText(x.alreadyMember)).toBeVisible(),
  );

  // An existing account becomes an active member; a new address an invitee.
  await email.fill(memberEmail);
  await expect(page.getByLabel(x.role, { exact: true })).toHaveValue('USER');
  await add.click();
  await expect(page.getByText(x.added)).toBeVisible();
  await expect(email).toHaveValue('');
  const memberRow = page.getByRole('row', { name: new RegExp(memberEmail) });
  await expect(memberRow).toBeVisible();
  await expect(memberRow.getByText(x.pending, { exact: true })).toHaveCount(0);
  await email.fill(INVITEE);
  await add.click();
  await expect(page.getByText(x.invited)).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(INVITEE) }).getByText(x.pending, { exact: true }),
  ).toBeVisible();

  // A role change is saved at once.
  await page.getByRole('combobox', { name: x.roleOf(memberEmail) }).selectOption({ label: x.admin });
  await expect(page.getByText(x.updated)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: x.roleOf(memberEmail) })).toHaveValue('ADMIN');

  // Import: the .xlsx (header in row 1, e-mail in column 2, Dutch role names), then the .csv.
  await chooseFile(page, x, 'members.xlsx');
  await expect(page.getByTestId('import-summary')).toContainText(x.summary(3, 3));
  await expect(page.getByTestId('import-summary')).toContainText(x.imported);
  await expect(page.getByRole('combobox', { name: x.roleOf('anna.deboer@import.example.com') })).toHaveValue(
    'ADMIN',
  );
  await expect(page.getByRole('combobox', { name: x.roleOf('bram.visser@import.example.com') })).toHaveValue(
    'USER',
  );
  await expect(page.getByRole('combobox', { name: x.roleOf('chris.jansen@import.example.com') })).toHaveValue(
    'USER',
  );
  await expect(page.getByRole('row', { name: /geen-e-mailadres/ })).toHaveCount(0);
  await notificationsGone(page);
  await checkState(page, 'organisation-users-imported-nl', () =>
    expect(page.getByTestId('import-summary')).toBeVisible(),
  );
  await chooseFile(page, x, 'members.csv');
  await expect(page.getByTestId('import-summary')).toContainText(x.summary(2, 3));
  await expect(page.getByRole('combobox', { name: x.roleOf('dewi.smit@import.example.com') })).toHaveValue(
    'ADMIN',
  );
  await expect(page.getByRole('combobox', { name: x.roleOf('eva.bakker@import.example.com') })).toHaveValue(
    'USER',
  );
  // The existing invitee stays a USER: a row in a file cannot change a member.
  await expect(page.getByRole('combobox', { name: x.roleOf(INVITEE) })).toHaveValue('USER');

  // A file that is no spreadsheet fails with a message.
  await chooseFile(page, x, {
    name: 'kapot.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]), // a broken zip
  });
  await expect(page.getByRole('alert', { name: x.importFailed })).toContainText(x.unreadable);
  await expect(page.getByTestId('import-summary')).toHaveCount(0);
  await checkState(page, 'organisation-users-import-error-nl', () =>
    expect(page.getByRole('alert', { name: x.importFailed })).toBeVisible(),
  );

  // Filter, down to nothing.
  const filter = page.getByRole('searchbox', { name: x.filter });
  await filter.fill('ANNA');
  await expect(page.getByRole('combobox', { name: /^Rol van / })).toHaveCount(1);
  await filter.fill('zzz');
  await expect(page.getByText(x.noMatches)).toBeVisible();
  await checkState(page, 'organisation-users-no-matches-nl', () =>
    expect(page.getByText(x.noMatches)).toBeVisible(),
  );
  await filter.fill('');

  // Delete after confirming; cancelling keeps the member.
  await page.getByRole('button', { name: x.deleteOf(memberEmail) }).click();
  const dialog = page.getByRole('dialog', { name: x.deleteTitle });
  await expect(dialog).toContainText(memberEmail);
  // The dialog fades in: axe judges colour contrast on what is drawn, so wait for the end of it.
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectAccessible(page, 'organisation-delete-dialog-nl');
  await shoot(page, 'organisation-delete-dialog-nl-1280');
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(memberEmail) })).toBeVisible();
  await page.getByRole('button', { name: x.deleteOf(memberEmail) }).click();
  await page
    .getByRole('dialog', { name: x.deleteTitle })
    .getByRole('button', { name: x.deleteConfirm })
    .click();
  await expect(page.getByText(x.deleted)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(memberEmail) })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: x.roleOf(INVITEE) })).toBeVisible();
  await expect(page.getByRole('combobox', { name: x.roleOf(memberEmail) })).toHaveCount(0);

  // Phone: the section select switches to General; the members are cards.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('listitem').filter({ hasText: INVITEE })).toBeVisible();
  await page.getByLabel(x.section).selectOption({ label: x.general });
  await expect(page).toHaveURL(/\?section=general$/);
  await expect(page.getByLabel(x.slogan)).toBeVisible();

  // A route id that is no number.
  await page.setViewportSize(DESKTOP);
  await page.goto('/organisations/abc');
  await expect(page.getByText(x.invalidId)).toBeVisible();
});

test('an owner manages the organisation and its users (en)', async ({ page, request }) => {
  test.setTimeout(180_000);
  const x = TEXTS.en;
  const ownerEmail = uniqueEmail('org-owner-en');
  const memberEmail = uniqueEmail('org-member-en');
  const owner = await createReadyUser(request, ownerEmail, 'Greenfield Academy');
  await createActivatedUser(request, memberEmail);
  await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });

  await openViaUserMenu(page, x, owner.organisationId);
  await checkState(page, 'organisation-general-en', () =>
    expect(page.getByRole('heading', { name: x.general, level: 2 })).toBeVisible(),
  );
  await page.getByLabel(x.slogan).fill('Growing together');
  await page.getByRole('button', { name: x.save }).click();
  await expect(page.getByText(x.saved)).toBeVisible();

  await page.getByRole('navigation', { name: x.menu }).getByRole('link', { name: x.users }).click();
  await expect(page.getByRole('combobox', { name: x.roleOf(ownerEmail) })).toBeDisabled();
  const email = page.getByRole('textbox', { name: x.email });
  for (const address of [memberEmail, INVITEE]) {
    await email.fill(address);
    await page.getByRole('button', { name: x.add, exact: true }).click();
    await expect(page.getByRole('combobox', { name: x.roleOf(address) })).toBeVisible();
  }
  await expect(
    page.getByRole('row', { name: new RegExp(INVITEE) }).getByText(x.pending, { exact: true }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: x.roleOf(memberEmail) }).selectOption({ label: x.admin });
  await expect(page.getByText(x.updated)).toBeVisible();

  // The .csv: dewi, eva and anna added; an invalid address and the invitee skipped.
  await chooseFile(page, x, 'members.csv');
  await expect(page.getByTestId('import-summary')).toContainText(x.summary(3, 2));
  await notificationsGone(page);
  await checkState(page, 'organisation-users-imported-en', () =>
    expect(page.getByTestId('import-summary')).toBeVisible(),
  );

  await page.getByRole('button', { name: x.deleteOf(memberEmail) }).click();
  await expect(page.getByRole('dialog', { name: x.deleteTitle })).toContainText(memberEmail);
  await shoot(page, 'organisation-delete-dialog-en-1280');
  await page
    .getByRole('dialog', { name: x.deleteTitle })
    .getByRole('button', { name: x.deleteConfirm })
    .click();
  // The row going away is the effect; the Dutch run checks the deleteObjectSuccess notice itself
  // (on a loaded machine this short-lived notice may come and go between two looks).
  await expect(page.getByRole('combobox', { name: x.roleOf(memberEmail) })).toHaveCount(0, {
    timeout: 20_000,
  });

  await page.getByRole('searchbox', { name: x.filter }).fill('zzz');
  await checkState(page, 'organisation-users-no-matches-en', () =>
    expect(page.getByText(x.noMatches)).toBeVisible(),
  );
});

test('an admin sees only Users and cannot touch owners; a user has no entry and no access', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const x = TEXTS.nl;
  const ownerEmail = uniqueEmail('org-owner-roles');
  const adminEmail = uniqueEmail('org-admin');
  const userEmail = uniqueEmail('org-user');
  const owner = await createReadyUser(request, ownerEmail, 'Kindcentrum De Linde');
  await createActivatedUser(request, adminEmail);
  await createActivatedUser(request, userEmail);
  await addMember(request, owner, adminEmail, 'ADMIN');
  await addMember(request, owner, userEmail, 'USER');

  // The admin.
  const admin = await signInMember(request, adminEmail, owner.organisationId);
  await seedStorage(page, { tokens: admin, cookies: true, language: 'nl' });
  await openUsersViaUserMenu(page, x, owner.organisationId, 'user-menu-admin-nl');
  await page.goto(`/organisations/${owner.organisationId}`);
  const menu = page.getByRole('navigation', { name: x.menu });
  await expect(menu.getByRole('link', { name: x.users })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: x.general })).toHaveCount(0);
  await page.goto(`/organisations/${owner.organisationId}?section=general`);
  await expect(page.getByRole('heading', { name: x.users, level: 2 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: x.roleOf(adminEmail) })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: x.roleOf(ownerEmail) })).toBeDisabled();
  await expect(page.getByRole('button', { name: x.deleteOf(ownerEmail) })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: x.roleOf(userEmail) })).toBeEnabled();
  await expect(
    page.getByRole('combobox', { name: x.roleOf(userEmail) }).locator('option[value="OWNER"]'),
  ).toBeDisabled();
  await expect(page.getByLabel(x.role, { exact: true }).locator('option[value="OWNER"]')).toBeDisabled();
  await checkState(page, 'organisation-users-admin-nl', () =>
    expect(page.getByRole('heading', { name: x.users, level: 2 })).toBeVisible(),
  );

  // The user: no entry in the user menu, and no access by address.
  const user = await signInMember(request, userEmail, owner.organisationId);
  await page.evaluate((tokens) => localStorage.setItem('tokens', JSON.stringify(tokens)), user);
  await page.goto('/trajectories');
  await page.getByRole('button', { name: x.userMenu }).click();
  await expect(page.getByRole('menuitem', { name: 'Profiel' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: x.organisationEntry })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: x.usersEntry })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(`/organisations/${owner.organisationId}`);
  await checkState(page, 'organisation-user-no-access-nl', () =>
    expect(page.getByText(x.noAccess, { exact: true })).toBeVisible(),
  );
  await expect(page.getByRole('navigation', { name: x.menu })).toHaveCount(0);
});

test('an admin opens Users from the user menu (en), on a desktop and a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const x = TEXTS.en;
  const owner = await createReadyUser(request, uniqueEmail('org-owner-menu'), 'Kindcentrum De Eik');
  const adminEmail = uniqueEmail('org-admin-menu');
  await createActivatedUser(request, adminEmail);
  await addMember(request, owner, adminEmail, 'ADMIN');
  const admin = await signInMember(request, adminEmail, owner.organisationId);
  await seedStorage(page, { tokens: admin, cookies: true, language: 'en' });
  await openUsersViaUserMenu(page, x, owner.organisationId, 'user-menu-admin-en');
  await expect(page.getByRole('combobox', { name: x.roleOf(adminEmail) })).toBeDisabled();
});

test('failures: an unknown organisation, a member list that fails, a save that fails', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const x = TEXTS.nl;
  const owner = await createReadyUser(
    request,
    uniqueEmail('org-owner-errors'),
    'Montessorischool Het Kompas',
  );
  await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });

  // Not a member (or no such organisation): loadOrganisationError.
  await page.goto('/organisations/987654');
  await checkState(page, 'organisation-load-error-nl', () =>
    expect(page.getByRole('alert')).toContainText('De organisatie kon niet worden geladen.'),
  );
  await expect(page.getByRole('button', { name: 'Opnieuw proberen' })).toHaveCount(0);

  // The members fail to load: loadObjectError for users, with a retry.
  let failList = true;
  await page.route(`**/api/organisations/${owner.organisationId}/users`, (route) =>
    failList && route.request().method() === 'GET'
      ? route.fulfill({ status: 500, json: { status: 500, key: 'internalError' } })
      : route.fallback(),
  );
  await page.goto(`/organisations/${owner.organisationId}?section=users`);
  await checkState(page, 'organisation-users-load-error-nl', () =>
    expect(page.getByRole('alert')).toContainText('De gebruikers konden niet worden geladen.'),
  );
  failList = false;
  await page.getByRole('button', { name: 'Opnieuw proberen' }).click();
  await expect(page.getByRole('combobox', { name: /^Rol van / })).toHaveCount(1);

  // The save fails: saveDocumentFailure with the server's reason.
  await page.route(`**/api/organisations/${owner.organisationId}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 403, json: { status: 403, key: 'forbidden' } })
      : route.fallback(),
  );
  await page.getByRole('navigation', { name: x.menu }).getByRole('link', { name: x.general }).click();
  await page.getByRole('button', { name: x.save }).click();
  const failure = page.locator('.mantine-Notification-root');
  await expect(failure).toContainText('De wijzigingen konden niet worden opgeslagen.');
  await expect(failure).toContainText('Je hebt geen toestemming voor deze actie.');
  await expectAccessible(page, 'organisation-save-failure-nl');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'organisation-save-failure-nl-1280');
});
