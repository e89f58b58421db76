import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en.json';
import nl from '../../../../public/locales/nl.json';
import { ApiError } from '../../../lib/api-error';
import { problemText, refusedProblems } from './problems';

const t = i18next.createInstance();
beforeAll(() =>
  t.init({
    lng: 'nl',
    resources: { nl: { translation: nl }, en: { translation: en } },
    interpolation: { escapeValue: false },
  }),
);

describe('problemText', () => {
  it('words each problem of the server in Dutch and English, naming the column and the role', async () => {
    expect(problemText(t.t, { row: 0, field: 'email', key: 'invalidEmail' }, 'Student')).toBe(
      nl.trajectories.import.problems.email.invalidEmail,
    );
    expect(problemText(t.t, { row: 0, field: 'information.Uren', key: 'invalidValue' }, 'Student')).toContain(
      '‘Uren’',
    );
    expect(problemText(t.t, { row: null, field: 'studentRole', key: 'unknownRole' }, 'Ouder')).toContain(
      '‘Ouder’',
    );
    await t.changeLanguage('en');
    expect(problemText(t.t, { row: 0, field: 'name', key: 'duplicate' }, 'Student')).toBe(
      en.trajectories.import.problems.name.duplicate,
    );
    await t.changeLanguage('nl');
  });

  it('falls back on the field and the general message for a problem it has no words for', () => {
    expect(problemText(t.t, { row: 1, field: 'access.users', key: 'noAdmin' }, 'Student')).toBe(
      `access.users: ${nl.messages.noAdmin}`,
    );
  });
});

describe('refusedProblems', () => {
  it('reads the rows and fields a refused import names', () => {
    const error = new ApiError(400, 'validationError', [
      { path: 'rows.3.information.Klas', key: 'tooLong' },
      { path: 'studentRole', key: 'unknownRole' },
    ]);
    expect(refusedProblems(error)).toEqual([
      { row: 3, field: 'information.Klas', key: 'tooLong' },
      { row: null, field: 'studentRole', key: 'unknownRole' },
    ]);
    expect(refusedProblems(new ApiError(404, 'notFound'))).toEqual([]);
  });
});
