import { describe, expect, it } from 'vitest';
import {
  addAddresses,
  chosenExtracts,
  createdAfterProblem,
  displayMoment,
  isFiltered,
  listQuery,
  POLL_MS,
  pollInterval,
  refusedAddresses,
  selectAllState,
  toggleAll,
  toggleOne,
} from './extract-rows';

const mine = { delete: true, share: true, readShares: true, archive: true, retry: true };
const theirs = { delete: false, share: false, readShares: false, archive: false, retry: false };

describe('polling the extract list (D37: states move without a reload)', () => {
  it('polls while any shown extract is queued or being made', () => {
    expect(pollInterval([{ state: 'READY' }, { state: 'QUEUED' }])).toBe(POLL_MS);
    expect(pollInterval([{ state: 'RUNNING' }])).toBe(POLL_MS);
  });

  it('stops when none is, and without an answer', () => {
    expect(pollInterval([{ state: 'READY' }, { state: 'FAILED' }])).toBe(false);
    expect(pollInterval([])).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
  });
});

describe('the created column (dd/MM/yyyy HH:mm in the business time zone, D4)', () => {
  it('shows Amsterdam time in winter and in summer', () => {
    expect(displayMoment('2026-01-05T08:07:00.000Z')).toBe('05/01/2026 09:07');
    expect(displayMoment('2026-07-31T22:30:00.000Z')).toBe('01/08/2026 00:30');
  });

  it('shows nothing for what is no moment', () => {
    expect(displayMoment('not a date')).toBe('');
  });
});

describe('the filters', () => {
  const today = '2026-03-10';

  it('refuses a day after today and a broken day', () => {
    expect(createdAfterProblem('2026-03-11', today)).toBe('futureDate');
    expect(createdAfterProblem('2026-02-30', today)).toBe('invalidDate');
    expect(createdAfterProblem('2026-03-10', today)).toBeNull();
    expect(createdAfterProblem(null, today)).toBeNull();
  });

  it('sends only the filters that hold', () => {
    expect(listQuery({ archived: false, search: '  ', createdAfter: null }, today)).toEqual({
      status: 'ACTIVE',
    });
    expect(listQuery({ archived: true, search: ' Lotte ', createdAfter: '2026-03-01' }, today)).toEqual({
      status: 'ARCHIVED',
      search: 'Lotte',
      createdAfter: '2026-03-01',
    });
    expect(listQuery({ archived: false, search: '', createdAfter: '2026-04-01' }, today)).toEqual({
      status: 'ACTIVE',
    });
  });

  it('tells a filtered view from the plain one (the archived toggle alone is no filter)', () => {
    expect(isFiltered({ status: 'ARCHIVED' })).toBe(false);
    expect(isFiltered({ status: 'ACTIVE', search: 'x' })).toBe(true);
    expect(isFiltered({ status: 'ACTIVE', createdAfter: '2026-01-01' })).toBe(true);
  });
});

describe('the selection (checkboxes only where the user may delete)', () => {
  const rows = [
    { id: 1, abilities: mine },
    { id: 2, abilities: theirs },
    { id: 3, abilities: mine },
  ];

  it('select-all takes only the maker’s rows and toggles back', () => {
    const all = toggleAll(rows, new Set());
    expect([...all]).toEqual([1, 3]);
    expect(selectAllState(rows, all)).toBe('all');
    expect(toggleAll(rows, all).size).toBe(0);
    expect(selectAllState(rows, new Set([1]))).toBe('some');
    expect(selectAllState(rows, new Set())).toBe('none');
  });

  it('a shared row never counts as chosen, nor a row that left the list', () => {
    expect(chosenExtracts(rows, new Set([1, 2, 9])).map((row) => row.id)).toEqual([1]);
    expect([...toggleOne(new Set([1]), 1)]).toEqual([]);
    expect([...toggleOne(new Set([1]), 3)]).toEqual([1, 3]);
  });
});

describe('share addresses (D26, D37: trimmed, lower-cased, valid, unique)', () => {
  const context = { shared: ['al@school.nl'], own: 'Ik@School.nl' };

  it('adds trimmed, lower-cased addresses, several at once', () => {
    expect(addAddresses([], '  Anna@School.NL , bob@school.nl;', context)).toEqual({
      chips: ['anna@school.nl', 'bob@school.nl'],
      rest: '',
      problem: null,
    });
  });

  it('stops at the first refused address and keeps it and what follows in the input', () => {
    expect(addAddresses([], 'anna@school.nl, geen-adres, bob@school.nl', context)).toEqual({
      chips: ['anna@school.nl'],
      rest: 'geen-adres, bob@school.nl',
      problem: 'invalidEmail',
    });
    expect(addAddresses(['anna@school.nl'], 'ANNA@school.nl', context).problem).toBe('alreadyListed');
    expect(addAddresses([], 'anna@school.nl anna@school.nl', context)).toMatchObject({
      chips: ['anna@school.nl'],
      problem: 'alreadyListed',
    });
    expect(addAddresses([], 'Al@school.nl', context).problem).toBe('alreadyShared');
    expect(addAddresses([], 'ik@school.nl', context).problem).toBe('ownAddress');
  });

  it('names the addresses the server refused as no member', () => {
    expect(
      refusedAddresses([
        { path: 'x@elders.nl', key: 'notAMember' },
        { path: '', key: 'invalidEmail' },
      ]),
    ).toEqual(['x@elders.nl']);
  });
});
