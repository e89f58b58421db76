import {
  defaultAdminRole,
  type TrajectoryBlueprintContent,
  zTrajectoryBlueprintContent,
} from '@groeipad/core';
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { addReport, linkPart, linkStatus, moveEntry, removeReport, unlinkPart, updateReport } from './links';

const empty = (): TrajectoryBlueprintContent =>
  zTrajectoryBlueprintContent.parse({ dashboard: {}, information: {}, competenceList: {} });
const FIELD = { uuid: 'naam', name: 'Naam', type: 'text', required: false } as const;

describe('linkStatus', () => {
  const list = [{ id: 4, name: 'Intake', version: 3 }];

  it('is none without an id and loading while the list is', () => {
    expect(linkStatus({ id: null, version: null }, list)).toEqual({ kind: 'none' });
    expect(linkStatus({ id: 4, version: 3 }, undefined)).toEqual({ kind: 'loading' });
  });

  it('says no access, not removed, when the server says the linked blueprint exists but is not readable', () => {
    const states = new Map([[9, 'noAccess' as const]]);
    expect(linkStatus({ id: 9, version: 2 }, list, states)).toEqual({
      kind: 'noAccess',
      id: 9,
      usedVersion: 2,
    });
    expect(linkStatus({ id: 9, version: 2 }, list, new Map([[9, 'removed' as const]])).kind).toBe('removed');
  });

  it("is removed when the id is not in the list ('removed')", () => {
    expect(linkStatus({ id: 9, version: 2 }, list)).toEqual({ kind: 'removed', id: 9, usedVersion: 2 });
  });

  it('shows used versus latest and whether they differ (the update button)', () => {
    expect(linkStatus({ id: 4, version: 2 }, list)).toEqual({
      kind: 'linked',
      name: 'Intake',
      usedVersion: 2,
      latestVersion: 3,
      outdated: true,
    });
    expect(linkStatus({ id: 4, version: 3 }, list)).toMatchObject({ outdated: false });
  });
});

describe('linking and unlinking', () => {
  it('stores id, version and a copy of the content; the result fits the schema', () => {
    const next = produce(empty(), linkPart('information', 4, 2, { fields: [FIELD] }));
    expect(next.information).toEqual({ id: 4, version: 2, fields: [FIELD] });
    expect(zTrajectoryBlueprintContent.safeParse(next).success).toBe(true);
  });

  it('"none" clears id and version and empties the copy', () => {
    const linked = produce(empty(), linkPart('competenceList', 5, 1, { competences: [] }));
    const dashboard = produce(linked, linkPart('dashboard', 6, 7, { widgets: [] }));
    expect(produce(dashboard, unlinkPart('dashboard')).dashboard).toEqual({
      id: null,
      version: null,
      widgets: [],
    });
    expect(produce(linked, unlinkPart('competenceList')).competenceList).toEqual({
      id: null,
      version: null,
      competences: [],
    });
  });
});

describe('report blueprints', () => {
  const withReports = () => {
    const start = empty();
    start.roles = [defaultAdminRole(['Voortgang', 'Eind'])];
    return produce(start, (draft) => {
      addReport({ id: 1, version: 1, name: 'Voortgang', fields: [] })(draft);
      addReport({ id: 2, version: 1, name: 'Eind', fields: [] })(draft);
    });
  };

  it('adds copies in order and updates one to another version', () => {
    const next = produce(withReports(), updateReport('Eind', 3, [FIELD]));
    expect(next.reportBlueprints.map((entry) => [entry.name, entry.version, entry.fields.length])).toEqual([
      ['Voortgang', 1, 0],
      ['Eind', 3, 1],
    ]);
  });

  it('adding one gives the default admin role all its rights but hidden, and no other role any', () => {
    const start = empty();
    const student = {
      ...defaultAdminRole([], 'Student'),
      adminRights: { purchase: false, metadata: false, rights: false },
    };
    start.roles = [defaultAdminRole([], 'Docent'), student];
    const next = produce(start, addReport({ id: 3, version: 1, name: 'Stageverslag', fields: [] }));
    expect(next.roles.map((role) => role.reportRights)).toEqual([
      { Stageverslag: { '': { admin: true, write: true, read: true, hidden: false } } },
      {},
    ]);
  });

  it('removing one also drops the rights roles held on it', () => {
    const next = produce(withReports(), removeReport('Voortgang'));
    expect(next.reportBlueprints.map((entry) => entry.name)).toEqual(['Eind']);
    expect(Object.keys(next.roles[0]?.reportRights ?? {})).toEqual(['Eind']);
  });
});

describe('moveEntry', () => {
  it('moves up and down and does nothing at the ends', () => {
    const list = ['a', 'b', 'c'];
    moveEntry(list, 2, -1);
    expect(list).toEqual(['a', 'c', 'b']);
    moveEntry(list, 0, -1);
    moveEntry(list, 2, 1);
    expect(list).toEqual(['a', 'c', 'b']);
  });
});
