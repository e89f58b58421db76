import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { seedStorage, type Tokens } from '../support/accounts';
import { businessDay } from '../support/days';
import { freshDataDir, removeDataDir, type ServerHandle, startServer, stopServer } from '../support/server';
import { shoot } from '../support/shots';
import { expectNoSidewaysScroll } from '../support/states';
import {
  checkState,
  DEMO_OWNER,
  DEMO_STUDENT,
  DESKTOP,
  listTrajectories,
  notificationsGone,
  PHONE,
  signInDemo,
} from './detail-support';
import { AGREEMENT, PHOTO, pngSize } from './form-fixtures';
import {
  fieldUuids,
  formField,
  formShown,
  formValues,
  resourceContent,
  setStudentRights,
  textInput,
} from './form-support';

/**
 * The information form of a trajectory (issue 8; spec part 1 §2, §3, §4 "Form editing", §5, §6; D1,
 * D18, D33): the demo teacher fills in every field type of the demo intake form, an upload and a photo
 * included (shrunk in the browser to fit 2560×1440), saves, and finds it all after a reload; a required
 * field left empty blocks Save; the header's filter; a student in a second browser context sees only
 * what the Student role may read and writes only where it may, and a save on an older version answers
 * staleDocument; on a 375 px phone in English the camera input is there, with the flash. The demo data
 * needs its own server (SEED_DEMO).
 */

const DEMO_PORT = Number(process.env.E2E_PORT) + 300;
const SAVED = 'De wijzigingen zijn opgeslagen.';
const READ = { write: false, read: true, hidden: false };
const WRITE = { write: true, read: true, hidden: false };
const HIDDEN = { write: false, read: false, hidden: true };

const toolbar = (page: Page, name = 'Traject bewerken') => page.getByRole('toolbar', { name });

/** Whole years from 14/06/2005 until today: what DATEDIF($Geboortedatum, NOW(), "Y") gives. */
function ageToday(): string {
  const [year, month, day] = businessDay().split('-').map(Number) as [number, number, number];
  const birthdayPassed = month > 6 || (month === 6 && day >= 14);
  return String(year - 2005 - (birthdayPassed ? 0 : 1));
}

/** The values the teacher fills in, as read mode shows them. */
async function expectFilledIn(page: Page): Promise<void> {
  await expect(formField(page, 'Naam')).toContainText('Sanne de Vries');
  await expect(formField(page, 'Geboortedatum')).toContainText('14/06/2005');
  await expect(formField(page, 'Leeftijd').locator('output')).toHaveText(ageToday());
  await expect(formField(page, 'Opleiding')).toContainText('Verpleegkundige (niveau 4)');
  await expect(formField(page, 'Werkdagen')).toContainText('Maandag, Woensdag');
  await expect(formField(page, 'VOG aanwezig')).toContainText('Ja');
  await expect(formField(page, 'Uren per week')).toContainText('32');
  await expect(formField(page, 'Reistijd in uren')).toContainText('1,5');
  await expect(formField(page, 'Website leerbedrijf').getByRole('link')).toHaveAttribute(
    'href',
    'https://www.delinde.nl',
  );
  await expect(formField(page, 'Praktijkopleider')).toContainText('Petra Bakker');
  await expect(formField(page, 'Motivatie')).toContainText('Hoog');
  await expect(formField(page, 'Niveaus')).toContainText('Gevorderd (niveau 2)');
  await expect(formField(page, 'Stageovereenkomst')).toContainText('stageovereenkomst.pdf');
  await expect(formField(page, 'Pasfoto').getByTestId('thumbnail')).toHaveCount(1);
  await expect(formField(page, 'Pasfoto').getByRole('img', { name: 'Pasfoto, foto 1' })).toBeVisible();
  // A 200 px thumbnail in the form (issue 21); the original opens on request.
  const thumbnail = formField(page, 'Pasfoto').getByTestId('thumbnail');
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => Math.max(img.naturalWidth, img.naturalHeight)))
    .toBe(200);
  await formField(page, 'Pasfoto').getByRole('button', { name: 'Pasfoto, foto 1 openen' }).click();
  const original = page.getByTestId('original-photo');
  await expect(original).toBeVisible();
  await expect
    .poll(() => original.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(200);
  await page.keyboard.press('Escape');
  await expect(original).toBeHidden();
  // Contact starts closed (the blueprint says so): open it to see the phone number.
  await page.getByRole('button', { name: 'Contact' }).click();
  await expect(formField(page, 'Telefoon')).toContainText('030 123 4567');
}

test.describe('the information form on the demo data', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${DEMO_PORT}` });
  let server: ServerHandle;
  let owner: Tokens;
  let student: Tokens;
  let trajectoryId: number;
  let uuids: Record<string, string>;

  test.beforeAll(async ({ playwright }) => {
    server = await startServer(DEMO_PORT, freshDataDir(), { SEED_DEMO: '1' });
    const request = await playwright.request.newContext({ baseURL: server.url });
    owner = await signInDemo(request, DEMO_OWNER);
    student = await signInDemo(request, DEMO_STUDENT);
    const theirs = await listTrajectories(request, student);
    if (!theirs[0]) throw new Error('the demo student has no trajectory');
    trajectoryId = theirs[0].id;
    uuids = await fieldUuids(request, owner, trajectoryId);
    // The teacher sets the student's rights: read the form, write the motivation, not see the travel
    // time nor the mentor's contact group (spec part 1 §6; a hidden group hides its children).
    await setStudentRights(request, owner, trajectoryId, {
      '': READ,
      [uuids.Motivatie!]: WRITE,
      [uuids['Reistijd in uren']!]: HIDDEN,
      [uuids.Contact!]: HIDDEN,
    });
    await request.dispose();
  });

  test.afterAll(async () => {
    await stopServer(server);
    removeDataDir(server.dataDir);
  });

  test('the teacher fills in every field type, saves, and finds it after a reload (nl)', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/form`);
    await formShown(page);
    // The name came from the information map when the trajectory was made (D14).
    await expect(formField(page, 'Naam')).toContainText('Sanne de Vries');
    await expect(formField(page, 'Geboortedatum')).toContainText('Niet ingevuld');
    // Leeftijd has nothing to compute yet: it shows no value, not its formula (issue 31).
    await expect(formField(page, 'Leeftijd')).toContainText('Niet ingevuld');
    await expect(formField(page, 'Leeftijd')).not.toContainText('DATEDIF');
    await checkState(page, 'trajectory-form-read', () => formShown(page));

    await toolbar(page).getByRole('button', { name: 'Bewerken' }).click();
    const save = toolbar(page).getByRole('button', { name: 'Opslaan' });

    // Required fields left empty block saving (spec part 1 §4, §5); the save bar says how many, and
    // their errors show once asked for, not before anyone touched them (issue 21).
    await page.getByRole('checkbox', { name: 'VOG aanwezig' }).check();
    await expect(save).toBeDisabled();
    await expect(formField(page, 'Geboortedatum')).not.toContainText('Dit veld is verplicht.');
    await expect(toolbar(page).getByText(/velden vragen aandacht/)).toBeVisible();
    await toolbar(page).getByRole('button', { name: 'Tonen' }).click();
    await expect(formField(page, 'Geboortedatum')).toContainText('Dit veld is verplicht.');
    await expect(formField(page, 'Opleiding')).toContainText('Dit veld is verplicht.');
    await expect(formField(page, 'Geboortedatum').getByRole('textbox')).toBeFocused();

    // Text is trimmed when the field loses focus.
    const name = textInput(page, 'Naam');
    await name.fill('  Sanne de Vries  ');
    await name.blur();
    await expect(name).toHaveValue('Sanne de Vries');
    const birth = textInput(page, 'Geboortedatum');
    await birth.fill('14/06/2005');
    await page.keyboard.press('Escape');
    await birth.blur();
    // The formula is computed live from the edited date.
    await expect(formField(page, 'Leeftijd').locator('output')).toHaveText(ageToday());
    await page.getByRole('combobox', { name: 'Opleiding' }).selectOption('Verpleegkundige (niveau 4)');
    await expect(save).toBeEnabled();
    await page.getByRole('checkbox', { name: 'Maandag' }).check();
    await page.getByRole('checkbox', { name: 'Woensdag' }).check();
    await textInput(page, 'Uren per week').fill('32');
    await textInput(page, 'Reistijd in uren').fill('1,5');
    await textInput(page, 'Website leerbedrijf').fill('www.delinde.nl');
    await textInput(page, 'Praktijkopleider').fill('Petra Bakker');
    await page.getByRole('button', { name: 'Contact' }).click();
    await textInput(page, 'Telefoon').fill('030 123 4567');
    await page.getByRole('radio', { name: 'Hoog' }).check();
    await page.getByRole('combobox', { name: 'Niveaus' }).selectOption('Gevorderd');

    const agreement = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Bestand toevoegen aan Stageovereenkomst' }).click();
    await (await agreement).setFiles(AGREEMENT);
    await expect(formField(page, 'Stageovereenkomst')).toContainText('stageovereenkomst.pdf');
    const photo = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Foto kiezen voor Pasfoto' }).click();
    await (await photo).setFiles(PHOTO);
    await expect(formField(page, 'Pasfoto').getByTestId('thumbnail')).toHaveCount(1);

    // The header's filter box: only fields whose name contains the text, groups with matching children.
    const filter = page.getByRole('searchbox', { name: 'Filter op naam van velden en competenties' });
    await filter.fill('naam');
    await expect(formField(page, 'Naam leerbedrijf')).toBeVisible();
    await expect(formField(page, 'Geboortedatum')).toHaveCount(0);
    await expect(formField(page, 'Telefoon')).toHaveCount(0);
    await filter.fill('');
    await checkState(page, 'trajectory-form-edit', () => formShown(page));

    // The save is one JSON Patch of /values/{uuid} operations with If-Match (D1, D29, D33).
    const patchRequest = page.waitForRequest(
      (request) =>
        request.method() === 'PATCH' && request.url().endsWith(`/trajectories/${trajectoryId}/form`),
    );
    await save.click();
    const sent = await patchRequest;
    expect(sent.headers()['if-match']).toMatch(/^"\d+"$/);
    const operations = sent.postDataJSON() as { path: string }[];
    // Naam is unchanged after trimming, Leeftijd is computed: every other field is one operation.
    const changed = [
      'Geboortedatum',
      'Opleiding',
      'Werkdagen',
      'VOG aanwezig',
      'Uren per week',
      'Reistijd in uren',
      'Website leerbedrijf',
      'Praktijkopleider',
      'Telefoon',
      'Motivatie',
      'Niveaus',
      'Stageovereenkomst',
      'Pasfoto',
    ];
    expect(operations.map((operation) => operation.path).sort()).toEqual(
      changed.map((name) => `/values/${uuids[name]}`).sort(),
    );
    await expect(page.getByText(SAVED)).toBeVisible();
    await expect(toolbar(page).getByRole('button', { name: 'Bewerken' })).toBeVisible();
    await expectFilledIn(page);

    await page.reload();
    await formShown(page);
    await expectFilledIn(page);
    await notificationsGone(page);

    // The photo was shrunk in the browser to fit 2560×1440 (3000×2000 → 2160×1440, spec part 1 §5).
    const request = await playwright.request.newContext({ baseURL: server.url });
    const values = await formValues(request, owner, trajectoryId);
    const [photoId] = JSON.parse(values[uuids.Pasfoto!] as string) as number[];
    expect(pngSize(await resourceContent(request, owner, photoId!))).toEqual({ width: 2160, height: 1440 });
    expect(values[uuids['Website leerbedrijf']!]).toBe('www.delinde.nl');
    expect(values[uuids['Reistijd in uren']!]).toBe(1.5);
    await request.dispose();
  });

  test('a student sees only what the role may read and writes only the motivation; a stale save answers 409', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // The student in a second browser context, beside the teacher.
    const studentContext = await browser.newContext({ viewport: DESKTOP, locale: 'nl-NL' });
    const studentPage = await studentContext.newPage();
    await seedStorage(studentPage, { tokens: student, cookies: true, language: 'nl' });
    await studentPage.goto(`/trajectory/${trajectoryId}/form`);
    await formShown(studentPage);
    await expect(formField(studentPage, 'Naam')).toContainText('Sanne de Vries');
    await expect(formField(studentPage, 'Leeftijd').locator('output')).toHaveText(ageToday());
    // Hidden fields never arrive: the travel time, and the contact group with its children.
    await expect(formField(studentPage, 'Reistijd in uren')).toHaveCount(0);
    await expect(studentPage.getByRole('button', { name: 'Contact' })).toHaveCount(0);
    await expect(formField(studentPage, 'Telefoon')).toHaveCount(0);
    await expect(formField(studentPage, 'Praktijkopleider')).toContainText('Petra Bakker');

    // The teacher starts editing on the current version.
    await seedStorage(page, { tokens: owner, cookies: true, language: 'nl' });
    await page.goto(`/trajectory/${trajectoryId}/form`);
    await formShown(page);
    await toolbar(page).getByRole('button', { name: 'Bewerken' }).click();
    await textInput(page, 'Praktijkopleider').fill('Petra de Bakker');

    // The student may edit the motivation only: everything else stays read-only.
    await toolbar(studentPage).getByRole('button', { name: 'Bewerken' }).click();
    await expect(studentPage.getByRole('radio', { name: 'Gemiddeld' })).toBeEnabled();
    await expect(studentPage.getByRole('textbox', { name: 'Naam', exact: true })).toHaveCount(0);
    await expect(studentPage.getByRole('button', { name: 'Foto kiezen voor Pasfoto' })).toHaveCount(0);
    // Required fields the student may not write do not block the student's save.
    await studentPage.getByRole('radio', { name: 'Gemiddeld' }).check();
    const patchRequest = studentPage.waitForRequest((request) => request.method() === 'PATCH');
    await toolbar(studentPage).getByRole('button', { name: 'Opslaan' }).click();
    expect((await patchRequest).postDataJSON()).toEqual([
      { op: 'replace', path: `/values/${uuids.Motivatie}`, value: 2 },
    ]);
    await expect(studentPage.getByText(SAVED)).toBeVisible();
    await expect(formField(studentPage, 'Motivatie')).toContainText('Gemiddeld');
    await checkState(studentPage, 'trajectory-form-student', () => formShown(studentPage));

    // The teacher's save is on an older version now: staleDocument, then the newest version.
    await toolbar(page).getByRole('button', { name: 'Opslaan' }).click();
    await expect(
      page.getByText('Iemand anders heeft dit document intussen gewijzigd. Laad de nieuwste versie opnieuw.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Nieuwste versie laden' }).click();
    await expect(textInput(page, 'Praktijkopleider')).toHaveValue('Petra Bakker');
    await expect(page.getByRole('radio', { name: 'Gemiddeld' })).toBeChecked();
    await studentContext.close();
  });

  test('on a 375 px phone in English: the camera input, the flash, and saving a photo', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await seedStorage(page, { tokens: owner, cookies: true, language: 'en' });
    await page.goto(`/trajectory/${trajectoryId}/form`);
    await formShown(page);
    await expect(formField(page, 'Geboortedatum')).toContainText('14/06/2005');
    await toolbar(page, 'Edit trajectory').getByRole('button', { name: 'Edit' }).click();
    const camera = formField(page, 'Pasfoto').getByTestId('camera-input');
    await expect(camera).toHaveAttribute('capture', 'environment');
    await expect(camera).toHaveAttribute('accept', 'image/*');
    await expect(page.getByRole('button', { name: 'Take photo for Pasfoto' })).toBeVisible();
    await camera.setInputFiles(PHOTO);
    await expect(page.getByTestId('camera-flash')).toBeAttached();
    await expect(formField(page, 'Pasfoto').getByTestId('thumbnail')).toHaveCount(2);
    await expect(page.getByTestId('camera-flash')).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await expectAccessible(page, 'trajectory form editing on a phone (en)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'trajectory-form-phone-en-375');
    await toolbar(page, 'Edit trajectory').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();
    await expect(formField(page, 'Pasfoto').getByTestId('thumbnail')).toHaveCount(2);
    await expect(formField(page, 'VOG aanwezig')).toContainText('Yes');
    await notificationsGone(page);
    await expectAccessible(page, 'trajectory form on a phone (en)');
    await shoot(page, 'trajectory-form-read-en-375');
  });

  for (const [language, width] of [
    ['nl', DESKTOP],
    ['en', PHONE],
  ] as const) {
    test(`a file whose record comes back without a Location header is not stored (${language})`, async ({
      page,
    }) => {
      await page.setViewportSize(width);
      await seedStorage(page, { tokens: owner, cookies: true, language });
      // The server's answer as a broken proxy might pass it on: 201 and the body, no Location (spec §7).
      let created = 0;
      await page.route('**/api/resources', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const answer = await route.fetch();
        const headers = { ...answer.headers() };
        delete headers.location;
        created++;
        await route.fulfill({ response: answer, headers });
      });
      await page.goto(`/trajectory/${trajectoryId}/form`);
      await formShown(page);
      const x =
        language === 'nl'
          ? { toolbar: 'Traject bewerken', edit: 'Bewerken', add: 'Bestand toevoegen aan Stageovereenkomst' }
          : { toolbar: 'Edit trajectory', edit: 'Edit', add: 'Add file to Stageovereenkomst' };
      await toolbar(page, x.toolbar).getByRole('button', { name: x.edit }).click();
      const before = await formField(page, 'Stageovereenkomst').textContent();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: x.add }).click();
      await (await chooser).setFiles(AGREEMENT);
      await expect(formField(page, 'Stageovereenkomst')).toContainText(
        language === 'nl' ? 'Het bestand kon niet worden aangemaakt.' : 'Failed to create the file.',
      );
      expect(created).toBe(1);
      // Nothing was added to the field (it may hold the file an earlier test stored).
      const files = (text: string | null) => (text?.match(/stageovereenkomst\.pdf/g) ?? []).length;
      await expect
        .poll(async () => files(await formField(page, 'Stageovereenkomst').textContent()))
        .toBe(files(before));
      await formField(page, 'Stageovereenkomst').scrollIntoViewIfNeeded();
      await expectAccessible(page, `failed to create resource (${language})`);
      await expectNoSidewaysScroll(page, `failed-to-create-resource-${language}`);
      await shoot(page, `trajectory-form-resource-failed-${language}-${width.width}`);
    });
  }
});
