import { describe, expect, it } from 'vitest';
import type { Field } from '../contract/fields.ts';
import { zTrajectoryImport } from '../contract/trajectory-import.ts';
import { defaultAdminRole } from '../rights/derived.ts';
import { H, R, RO, role } from '../rights/test-roles.ts';
import { type ImportRules, importRowAccess, trajectoryImportProblems } from './import.ts';

const field = (uuid: string, name: string, type = 'text', extra: Record<string, unknown> = {}) =>
  ({ uuid, name, type, required: false, ...extra }) as unknown as Field;

const docent = defaultAdminRole([], 'Docent');
/** Reads everything; may write nothing but the motivation; the private note is hidden. */
const leerling = role({
  name: 'Leerling',
  informationRights: { '': RO, motivatie: R, notitie: H },
  evaluationRights: { read: true, write: false },
});
const nothing = role({ name: 'Gast' });

const rules = (overrides: Partial<ImportRules> = {}): ImportRules => ({
  access: {
    roles: [docent, leerling, nothing],
    users: [
      { user: 'docent@school.nl', roles: ['Docent'] },
      { user: 'mentor@school.nl', roles: ['Gast'] },
    ],
  },
  importerEmail: 'docent@school.nl',
  studentRole: 'Leerling',
  fields: [field('naam', 'Naam'), field('uren', 'Uren', 'integer'), field('motivatie', 'Motivatie')],
  existingTitles: ['Bram Jansen'],
  ...overrides,
});

const row = (name: string, more: Record<string, unknown> = {}) => ({ name, information: {}, ...more });

describe('trajectoryImportProblems', () => {
  it('finds nothing in good rows: e-mail optional, columns that fill a field or go to the map', () => {
    const rows = [
      row('Anna de Vries', { email: ' Anna@School.nl ', information: { Klas: '3A', Uren: '16' } }),
      row('Daan Bakker', { description: 'Stage bij de bakker', information: { naam: 'Daan' } }),
      row('Fleur Smit', { email: '' }),
    ];
    expect(trajectoryImportProblems(rows, rules())).toEqual([]);
  });

  it('names the row and field of an invalid e-mail, an empty or too long title and a long description', () => {
    const rows = [
      row('Anna', { email: 'anna@' }),
      row('   '),
      row('x'.repeat(256)),
      row('Daan', { description: 'd'.repeat(1001) }),
    ];
    expect(trajectoryImportProblems(rows, rules())).toEqual([
      { row: 0, field: 'email', key: 'invalidEmail' },
      { row: 1, field: 'name', key: 'required' },
      { row: 2, field: 'name', key: 'tooLong' },
      { row: 3, field: 'description', key: 'tooLong' },
    ]);
  });

  it('marks every row of a title the file has twice (trimmed, any case) and a title already in use', () => {
    const rows = [row('Anna de Vries'), row(' anna DE vries '), row('bram jansen'), row('Cas')];
    expect(trajectoryImportProblems(rows, rules())).toEqual([
      { row: 0, field: 'name', key: 'duplicate' },
      { row: 1, field: 'name', key: 'duplicate' },
      { row: 2, field: 'name', key: 'titleExists' },
    ]);
  });

  it('refuses a student role the new trajectories do not have, or one that grants nothing', () => {
    expect(trajectoryImportProblems([row('Anna')], rules({ studentRole: 'Ouder' }))).toEqual([
      { row: null, field: 'studentRole', key: 'unknownRole' },
    ]);
    expect(trajectoryImportProblems([row('Anna')], rules({ studentRole: 'leerling' }))).toEqual([
      { row: null, field: 'studentRole', key: 'unknownRole' },
    ]);
    expect(trajectoryImportProblems([row('Anna')], rules({ studentRole: 'Gast' }))).toEqual([
      { row: null, field: 'studentRole', key: 'userWithoutRight' },
    ]);
  });

  it('checks information as the create call: lengths, a text the field cannot take, a field the importer may not write', () => {
    const rows = [
      row('Anna', { information: { ['K'.repeat(256)]: 'x' } }),
      row('Bo', { information: { Opmerking: 'o'.repeat(10_001) } }),
      row('Cas', { information: { ' uren ': 'zestien' } }),
    ];
    expect(trajectoryImportProblems(rows, rules())).toEqual([
      { row: 0, field: `information.${'K'.repeat(256)}`, key: 'tooLong' },
      { row: 1, field: 'information.Opmerking', key: 'tooLong' },
      { row: 2, field: 'information. uren ', key: 'invalidValue' },
    ]);
    // D40: the importer holds only the student role here, which may write the motivation, not the name.
    const student = rules({
      access: { roles: [docent, leerling], users: [{ user: 'docent@school.nl', roles: ['Leerling'] }] },
    });
    expect(
      trajectoryImportProblems([row('Dirk', { information: { Naam: 'Dirk', Motivatie: 'Hoog' } })], student),
    ).toEqual([{ row: 0, field: 'information.Naam', key: 'forbidden' }]);
  });
});

describe('importRowAccess', () => {
  const access = rules().access;

  it('adds the student with the chosen role', () => {
    expect(importRowAccess(access, 'anna@school.nl', 'Leerling').users).toEqual([
      ...access.users,
      { user: 'anna@school.nl', roles: ['Leerling'] },
    ]);
  });

  it('adds the role to a user the access already lists, once; no e-mail leaves the access as it is', () => {
    const merged = importRowAccess(access, 'MENTOR@school.nl', 'Leerling');
    expect(merged.users).toEqual([
      access.users[0],
      { user: 'mentor@school.nl', roles: ['Gast', 'Leerling'] },
    ]);
    expect(importRowAccess(merged, 'mentor@school.nl', 'Leerling')).toEqual(merged);
    expect(importRowAccess(access, null, 'Leerling')).toBe(access);
  });
});

describe('zTrajectoryImport', () => {
  const body = (rows: unknown[]) => ({
    blueprintId: 1,
    access: { roles: [], users: [] },
    studentRole: 'Leerling',
    rows,
  });

  it('takes 1 to 500 rows; more is tooManyRows at rows', () => {
    expect(zTrajectoryImport.safeParse(body([])).error?.issues[0]).toMatchObject({
      path: ['rows'],
      message: 'required',
    });
    expect(
      zTrajectoryImport.safeParse(body(Array.from({ length: 500 }, (_, i) => row(`T${i}`)))).success,
    ).toBe(true);
    expect(
      zTrajectoryImport.safeParse(body(Array.from({ length: 501 }, (_, i) => row(`T${i}`)))).error?.issues[0],
    ).toMatchObject({ path: ['rows'], message: 'tooManyRows' });
  });

  it('leaves the create rules to the check (a long title is listed, not refused by the schema)', () => {
    expect(zTrajectoryImport.safeParse(body([row('x'.repeat(300))])).success).toBe(true);
    expect(zTrajectoryImport.safeParse(body([row('x'.repeat(20_001))])).success).toBe(false);
  });
});
