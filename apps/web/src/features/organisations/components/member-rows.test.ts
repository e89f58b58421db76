import { describe, expect, it } from 'vitest';
import { memberColumns, membersFromRows } from './member-rows';

describe('memberColumns: the e-mail and role columns of an imported sheet', () => {
  it.each<[string, string[], { email: number; role: number }]>([
    ['headed e-mail and rol', ['Naam', 'Rol', 'E-mail'], { email: 2, role: 1 }],
    ['headed email and role, any case', ['ROLE', 'EMAIL'], { email: 1, role: 0 }],
    ['emailadres in column 2: no role column', ['x', 'Emailadres'], { email: 1, role: -1 }],
    ['a header with spaces', ['Voornaam', ' E-mail adres ', 'Rol'], { email: 1, role: 2 }],
    ['e-mailadres', ['E-mailadres', 'Functie'], { email: 0, role: 1 }],
    ['no known headers: columns 1 and 2', ['Wie', 'Wat'], { email: 0, role: 1 }],
    ['only an e-mail header, in column 2: no role column', ['Naam', 'email'], { email: 1, role: -1 }],
    ['a one-column sheet', ['adres'], { email: 0, role: 1 }],
    ['the first of two e-mail columns', ['email', 'e-mail'], { email: 0, role: -1 }],
  ])('%s', (_label, header, expected) => {
    expect(memberColumns(header)).toEqual(expected);
  });
});

describe('membersFromRows', () => {
  it('skips the header and maps e-mail and role, trimmed', () => {
    expect(
      membersFromRows([
        ['Naam', 'E-mail', 'Rol'],
        ['Anna', '  anna@school.nl ', ' ADMIN '],
        ['Bram', 'bram@school.nl', ''],
      ]),
    ).toEqual([{ email: 'anna@school.nl', role: 'ADMIN' }, { email: 'bram@school.nl' }]);
  });

  it('falls back to column 1 for the e-mail and column 2 for the role', () => {
    expect(
      membersFromRows([
        ['wie', 'wat'],
        ['c@x.nl', 'OWNER'],
      ]),
    ).toEqual([{ email: 'c@x.nl', role: 'OWNER' }]);
  });

  it('turns Dutch and English role names into role codes, whatever their case', () => {
    const rows = [
      ['email', 'rol'],
      ...['Beheerder', 'eigenaar', 'GEBRUIKER', 'Owner', 'admin', 'user'].map((role, index) => [
        `p${index}@x.nl`,
        role,
      ]),
    ];
    expect(membersFromRows(rows).map((row) => row.role)).toEqual([
      'ADMIN',
      'OWNER',
      'USER',
      'OWNER',
      'ADMIN',
      'USER',
    ]);
  });

  it('sends unknown roles and invalid addresses as they are: the server drops or corrects them', () => {
    expect(
      membersFromRows([
        ['email', 'role'],
        ['geen-adres', 'USER'],
        ['d@x.nl', 'directeur'],
      ]),
    ).toEqual([
      { email: 'geen-adres', role: 'USER' },
      { email: 'd@x.nl', role: 'directeur' },
    ]);
  });

  it('leaves out rows without any text, keeps a row with only a role (the server skips it)', () => {
    expect(membersFromRows([['email', 'rol'], ['', ''], ['  ', ' '], ['', 'ADMIN'], ['e@x.nl']])).toEqual([
      { email: '', role: 'ADMIN' },
      { email: 'e@x.nl' },
    ]);
  });

  it('keeps texts such as 00123 exactly', () => {
    expect(
      membersFromRows([
        ['id', 'email', 'rol'],
        ['00123', 'f@x.nl', 'USER'],
      ]),
    ).toEqual([{ email: 'f@x.nl', role: 'USER' }]);
  });

  it('cuts overlong cells to the contract limits', () => {
    const [row] = membersFromRows([
      ['email', 'rol'],
      ['a'.repeat(2000), 'b'.repeat(500)],
    ]);
    expect(row?.email).toHaveLength(1000);
    expect(row?.role).toHaveLength(100);
  });

  it('gives nothing for an empty sheet or a header alone', () => {
    expect(membersFromRows([])).toEqual([]);
    expect(membersFromRows([['email', 'rol']])).toEqual([]);
  });
});
