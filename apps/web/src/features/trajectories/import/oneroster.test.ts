import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpreadsheet } from '../../../lib/spreadsheet/parse-spreadsheet';
import { isOneRosterSelection, type OneRosterTables, oneRosterFile, oneRosterRows } from './oneroster';

/** The example export committed for the browser tests (e2e/fixtures/oneroster), read as the worker reads it. */
const FIXTURES = join(import.meta.dirname, '../../../../../../e2e/fixtures/oneroster');
const fixture = (name: string) => parseSpreadsheet(new Uint8Array(readFileSync(join(FIXTURES, name))), 'csv');

const csv = (text: string) => parseSpreadsheet(new TextEncoder().encode(text), 'csv');

describe('the OneRoster files among the chosen ones', () => {
  it('knows the files by name in any case', () => {
    expect(
      ['Users.CSV', 'classes.csv', 'enrollments.csv', 'roles.csv', 'orgs.csv'].map(oneRosterFile),
    ).toEqual(['users', 'classes', 'enrollments', 'roles', null]);
  });

  it('needs users, classes and enrollments together', () => {
    expect(isOneRosterSelection(['users.csv', 'classes.csv', 'enrollments.csv', 'roles.csv'])).toBe(true);
    expect(isOneRosterSelection(['users.csv', 'classes.csv'])).toBe(false);
    expect(isOneRosterSelection(['klas.xlsx'])).toBe(false);
  });
});

describe('oneRosterRows: the example export of a Dutch school (1.2, with roles.csv)', () => {
  const tables: OneRosterTables = {
    users: fixture('users.csv'),
    classes: fixture('classes.csv'),
    enrollments: fixture('enrollments.csv'),
    roles: fixture('roles.csv'),
  };
  const result = oneRosterRows(tables);
  if (!result.ok) throw new Error('the fixture reads');

  it('makes one row per student enrolment: 12 students in 2 classes, the teachers left out', () => {
    expect(result.students).toBe(12);
    expect(result.classes).toBe(2);
    expect(result.rows).toHaveLength(13);
    expect(result.rows.map((row) => row.name)).not.toContain('Marieke Jansen');
  });

  it('titles a student by the name they go by, with the tussenvoegsel; the class in brackets for one in two classes', () => {
    expect(result.rows[0]).toEqual({
      name: 'Anouk van Dijk',
      email: 'anouk.vandijk@leerling.groeistad.nl',
      information: { Klas: 'VIG 3A', Leerlingnummer: '102301' },
    });
    const names = result.rows.map((row) => row.name);
    expect(names).toContain('Daan Visser');
    expect(names).toContain('Chloé de Jong');
    expect(names).toContain('Sanne van den Berg');
    expect(names.filter((name) => name.startsWith('Lotte Vermeulen'))).toEqual([
      'Lotte Vermeulen (VIG 3A)',
      'Lotte Vermeulen (VIG 3B)',
    ]);
    expect(result.rows.filter((row) => row.information?.Klas === 'VIG 3B')).toHaveLength(6);
  });

  it('reads the same without roles.csv', () => {
    expect(oneRosterRows({ ...tables, roles: undefined })).toEqual(result);
  });
});

describe('oneRosterRows: other forms', () => {
  const classes = csv('sourcedId,status,title\nc1,,2B\nc2,tobedeleted,Oud\n');

  it('reads a 1.1 export (the role in users.csv), falling back on it for a blank enrolment role', () => {
    const result = oneRosterRows({
      users: csv(
        'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email\n' +
          'u1,,,true,o1,student,u1,,Ada,Lovelace,,7,ada@school.nl\n' +
          'u2,,,true,o1,teacher,u2,,Alan,Turing,,,alan@school.nl\n',
      ),
      classes,
      enrollments: csv('sourcedId,classSourcedId,userSourcedId,role\ne1,c1,u1,\ne2,c1,u2,\n'),
    });
    expect(result).toEqual({
      ok: true,
      students: 1,
      classes: 1,
      rows: [
        { name: 'Ada Lovelace', email: 'ada@school.nl', information: { Klas: '2B', Leerlingnummer: '7' } },
      ],
    });
  });

  it('leaves out what a delta export deletes and enrolments of unknown users or classes', () => {
    const result = oneRosterRows({
      users: csv(
        'sourcedId,status,givenName,familyName,email\nu1,,Ada,Lovelace,\nu2,tobedeleted,Oud,Lid,x@y.nl\n',
      ),
      classes,
      enrollments: csv(
        'sourcedId,status,classSourcedId,userSourcedId,role\n' +
          'e1,active,c1,u1,student\ne2,tobedeleted,c1,u1,student\ne3,,c1,u2,student\ne4,,c2,u1,student\ne5,,c9,u1,student\n',
      ),
    });
    expect(result).toEqual({
      ok: true,
      students: 1,
      classes: 1,
      rows: [{ name: 'Ada Lovelace', email: null, information: { Klas: '2B' } }],
    });
  });

  it('names the file and columns missing when a file is not an export of the standard', () => {
    expect(oneRosterRows({ users: csv('id,naam\n1,Ada\n'), classes, enrollments: csv('a\nb\n') })).toEqual({
      ok: false,
      file: 'users',
      missing: ['sourcedId', 'givenName', 'familyName'],
    });
  });
});
