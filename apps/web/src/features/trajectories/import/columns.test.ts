import { describe, expect, it } from 'vitest';
import { guessMapping, guessStudentRole, importRows, importTable } from './columns';

describe('guessMapping: what a header suggests', () => {
  it('takes Naam, E-mail and Omschrijving by name and the rest to the information', () => {
    expect(guessMapping(['Klas', 'Naam', 'E-mail', 'Leerlingnummer', 'Omschrijving'])).toEqual({
      title: 1,
      email: 2,
      description: 4,
      information: [0, 3],
    });
  });

  it('reads English headers in any case, and falls back on the first column as the title', () => {
    expect(guessMapping(['Full name', 'EMAIL', 'Class'])).toEqual({
      title: 0,
      email: 1,
      description: -1,
      information: [2],
    });
    expect(guessMapping(['Wie', 'Groep', ''])).toEqual({
      title: 0,
      email: -1,
      description: -1,
      information: [1],
    });
  });
});

describe('importRows', () => {
  const table = importTable([
    [' Naam ', 'E-mail', 'Klas', '', 'Opmerking'],
    ['Anna de Vries', ' anna@school.nl ', '3A', 'zonder kop', ''],
    ['', '', '', '', ''],
    ['Bram Jansen', '', ' 3B ', '', 'Laat'],
  ]);

  it('drops empty rows and trims the header', () => {
    expect(table.header).toEqual(['Naam', 'E-mail', 'Klas', '', 'Opmerking']);
    expect(table.rows).toHaveLength(2);
  });

  it('maps title, e-mail and the information columns that have a header and a value', () => {
    expect(importRows(table, guessMapping(table.header))).toEqual([
      { name: 'Anna de Vries', email: 'anna@school.nl', information: { Klas: '3A' } },
      { name: 'Bram Jansen', information: { Klas: '3B', Opmerking: 'Laat' } },
    ]);
  });

  it('follows a changed mapping: another title column, no e-mail, a description', () => {
    expect(importRows(table, { title: 2, email: -1, description: 0, information: [] })).toEqual([
      { name: '3A', description: 'Anna de Vries', information: {} },
      { name: '3B', description: 'Bram Jansen', information: {} },
    ]);
  });

  it('never lets a column named __proto__ through', () => {
    const hostile = importTable([
      ['Naam', '__proto__', 'constructor'],
      ['Anna', 'x', 'y'],
    ]);
    const [row] = importRows(hostile, { title: 0, email: -1, description: -1, information: [1, 2] });
    expect(row?.information).toEqual({});
    expect(Object.getPrototypeOf(row?.information)).toBe(Object.prototype);
  });
});

describe('guessStudentRole', () => {
  const role = (name: string, rights = false) => ({ name, adminRights: { rights } });

  it('takes a role named Student or Leerling, else the first that does not manage rights', () => {
    expect(guessStudentRole([role('Docent', true), role('Praktijkopleider'), role('Student')])).toBe(
      'Student',
    );
    expect(guessStudentRole([role('Docent', true), role(' leerling ')])).toBe(' leerling ');
    expect(guessStudentRole([role('Docent', true), role('Stagiair')])).toBe('Stagiair');
    expect(guessStudentRole([role('Docent', true)])).toBe('Docent');
    expect(guessStudentRole([])).toBeNull();
  });
});
