import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en.json';
import nl from '../../../../public/locales/nl.json';
import { ApiError } from '../../../lib/api-error';
import { packagePlace, problemText, refusedProblems, sortedProblems } from './problems';

const t = i18next.createInstance();
beforeAll(() =>
  t.init({
    lng: 'nl',
    resources: { nl: { translation: nl }, en: { translation: en } },
    interpolation: { escapeValue: false },
  }),
);

const casePackage = {
  CFDocument: { identifier: 'doc' },
  CFItems: [
    { identifier: 'a', humanCodingScheme: 'B1' },
    { identifier: 'b-without-code', fullStatement: '' },
  ],
};

describe('problemText', () => {
  it('names the row and the column of a spreadsheet problem, in Dutch and English', async () => {
    expect(problemText(t.t, { row: 4, column: 'kind', key: 'invalidValue' })).toBe(
      'Rij 4, kolom Soort: ongeldige waarde',
    );
    expect(problemText(t.t, { row: 7, column: 'parentCode', key: 'unknownParent' })).toBe(
      'Rij 7, kolom Bovenliggende code: deze bovenliggende code bestaat niet',
    );
    expect(problemText(t.t, { row: 2, column: '', key: 'duplicate' })).toBe('Rij 2: komt al eerder voor');
    await t.changeLanguage('en');
    expect(problemText(t.t, { row: 4, column: 'kind', key: 'invalidValue' })).toBe(
      'Row 4, column Kind: invalid value',
    );
    await t.changeLanguage('nl');
  });

  it('names the place in a package, with the item’s code or identifier', () => {
    expect(
      problemText(t.t, { row: null, column: 'CFItems.1.fullStatement', key: 'required' }, casePackage),
    ).toBe('In het CASE-bestand bij CFItems 2 (b-without-code) › fullStatement: verplicht, maar leeg');
    expect(problemText(t.t, { row: null, column: '', key: 'tooMany' })).toBe(
      'In het bestand: te veel onderdelen',
    );
  });

  it('words a key it has no words of by the general message', () => {
    expect(problemText(t.t, { row: 3, column: 'title', key: 'invalidCharacters' })).toBe(
      `Rij 3, kolom Titel: ${nl.messages.invalidCharacters}`,
    );
    expect(problemText(t.t, { row: 3, column: 'title', key: 'noSuchKeyAnywhere' })).toBe(
      `Rij 3, kolom Titel: ${nl.messages.invalidValue}`,
    );
  });
});

describe('packagePlace', () => {
  it('counts from 1 and adds the code of an item the package has', () => {
    expect(packagePlace('CFItems.0.humanCodingScheme', casePackage)).toBe(
      'CFItems 1 (B1) › humanCodingScheme',
    );
    expect(packagePlace('CFAssociations.12.originNodeURI.identifier')).toBe(
      'CFAssociations 13 › originNodeURI › identifier',
    );
    expect(packagePlace('CFDocument.title', casePackage)).toBe('CFDocument › title');
  });
});

describe('refusedProblems', () => {
  it('reads the rows and the package from a refused import, and the contract’s own paths', () => {
    const error = new ApiError(400, 'validationError', [
      { path: 'rows.4.kind', key: 'invalidValue' },
      { path: 'package.CFItems.3.fullStatement', key: 'required' },
      { path: 'source.rows.9.1', key: 'tooLong' },
      { path: 'source.rows', key: 'tooManyRows' },
      { path: '', key: 'required' },
      { path: 'name', key: 'tooLong' },
    ]);
    expect(refusedProblems(error)).toEqual([
      { row: 4, column: 'kind', key: 'invalidValue' },
      { row: null, column: 'CFItems.3.fullStatement', key: 'required' },
      { row: 10, column: 'title', key: 'tooLong' },
      { row: null, column: '', key: 'tooManyRows' },
      { row: null, column: '', key: 'required' },
    ]);
  });

  it('is empty for any other failure', () => {
    expect(refusedProblems(new ApiError(409, 'staleDocument'))).toEqual([]);
    expect(refusedProblems(new Error('network'))).toEqual([]);
  });
});

describe('sortedProblems', () => {
  it('puts the whole file first, then rows in order, columns in the layout’s order', () => {
    expect(
      sortedProblems([
        { row: 5, column: 'title', key: 'required' },
        { row: 3, column: 'parentCode', key: 'unknownParent' },
        { row: 3, column: 'code', key: 'duplicate' },
        { row: null, column: '', key: 'tooMany' },
      ]).map((problem) => `${problem.row}.${problem.column}`),
    ).toEqual(['null.', '3.code', '3.parentCode', '5.title']);
  });
});
