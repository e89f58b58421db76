import { describe, expect, it } from 'vitest';
import { zTrajectoryRole } from '../contract/access.ts';
import { canEditAccess } from './access-validity.ts';
import {
  blueprintActions,
  blueprintRightsFromLevel,
  canCreateReport,
  canDeleteReport,
  canEditTitleAndDescription,
  canReadReport,
  canSelectTrajectory,
  canShowEditButton,
  canWriteReport,
  closeBlueprintRights,
  defaultAdminRole,
  defaultTrajectoryAccess,
  trajectoryListRights,
  wholeReportRights,
  withLinkedReportRights,
} from './derived.ts';
import { effectiveRights, effectiveRightsOf } from './effective.ts';
import { RO, role } from './test-roles.ts';

describe('list-item rights (spec part 1 §3, §6)', () => {
  const access = {
    roles: [
      role({ name: 'a', adminRights: { purchase: true } }),
      role({ name: 'b', adminRights: { metadata: true } }),
    ],
    users: [
      { user: 'me@x.nl', roles: ['a', 'b'] },
      { user: 'you@x.nl', roles: ['a'] },
    ],
  };
  it('READ for any role, then PURCHASE, METADATA, RIGHTS from admin rights', () => {
    expect(trajectoryListRights(access, 'me@x.nl')).toEqual(['READ', 'PURCHASE', 'METADATA']);
    expect(trajectoryListRights(access, 'you@x.nl')).toEqual(['READ', 'PURCHASE']);
    expect(trajectoryListRights(access, 'nobody@x.nl')).toEqual([]);
  });
  it('only METADATA allows selecting a trajectory', () => {
    expect(canSelectTrajectory(['READ', 'METADATA'])).toBe(true);
    expect(canSelectTrajectory(['READ', 'PURCHASE', 'RIGHTS'])).toBe(false);
  });
});

describe('edit button (spec part 1 §6)', () => {
  it.each([
    ['metadata permission', { adminRights: { metadata: true } }, true],
    ['rights permission', { adminRights: { rights: true } }, true],
    ['an information write right', { informationRights: { f: { write: true, read: true } } }, true],
    ['an evaluation write right', { evaluationRights: { write: true, read: true } }, true],
    ['a report right', { reportRights: { R: { f: RO } } }, true],
    ['only read rights', { informationRights: { '': RO }, evaluationRights: { read: true } }, false],
    ['only purchase', { adminRights: { purchase: true } }, false],
  ])('%s → %s', (_, input, shown) => {
    const rights = effectiveRights([zTrajectoryRole.parse({ name: 'r', ...input })]);
    expect(canShowEditButton(rights, true)).toBe(shown);
    expect(canShowEditButton(rights, false)).toBe(false);
  });
});

describe('detail page (spec part 1 §6): metadata edits title and description, rights edits access', () => {
  it.each([
    [{ adminRights: { metadata: true } }, true, false],
    [{ adminRights: { rights: true } }, false, true],
    [{ adminRights: { purchase: true } }, false, false],
  ])('%j → title/description %s, access %s', (input, metadata, access) => {
    const roleInput = zTrajectoryRole.parse({ name: 'r', ...input });
    expect(canEditTitleAndDescription(effectiveRights([roleInput]))).toBe(metadata);
    const list = { roles: [roleInput], users: [{ user: 'me@x.nl', roles: ['r'] }] };
    expect(canEditAccess(list, 'me@x.nl')).toBe(access);
  });
});

describe('report rules (spec part 1 §6)', () => {
  const writer = effectiveRights([
    role({ name: 'w', reportRights: { R: { f: { write: true, read: true } } } }),
  ]);
  const reader = effectiveRights([role({ name: 'r', reportRights: { R: { '': { read: true } } } })]);
  const admin = effectiveRights([role({ name: 'a', reportRights: { R: { '': { admin: true } } } })]);
  const general = effectiveRights([role({ name: 'g', adminRights: { rights: true } })]);
  it('the edit button needs write on the whole report or on any field', () => {
    expect(canWriteReport(writer, 'R')).toBe(true);
    expect(canWriteReport(reader, 'R')).toBe(false);
    expect(canWriteReport(admin, 'R')).toBe(true);
    expect(canWriteReport(writer, 'Other')).toBe(false);
  });
  it('the list shows reports the user can read', () => {
    expect(canReadReport(reader, 'R')).toBe(true);
    expect(canReadReport(writer, 'R')).toBe(true);
    expect(canReadReport(reader, 'Other')).toBe(false);
  });
  it('creating, selecting and deleting need admin on the blueprint or general admin', () => {
    expect(canCreateReport(admin, 'R')).toBe(true);
    expect(canCreateReport(general, 'Anything')).toBe(true);
    expect(canCreateReport(writer, 'R')).toBe(false);
    expect(canDeleteReport(reader, 'R')).toBe(false);
    expect(canDeleteReport(admin, 'R')).toBe(true);
  });
  it('whole-report flags are closed: admin ⇒ write ⇒ read', () => {
    expect(wholeReportRights(admin, 'R')).toEqual({ admin: true, write: true, read: true, hidden: false });
  });
});

describe('blueprint rights (spec part 2 §3, §6)', () => {
  it('ADMIN ⇒ WRITE ⇒ READ', () => {
    expect(closeBlueprintRights(['ADMIN'])).toEqual(['ADMIN', 'WRITE', 'READ']);
    expect(closeBlueprintRights(['WRITE'])).toEqual(['WRITE', 'READ']);
    expect(closeBlueprintRights(['READ', 'READ'])).toEqual(['READ']);
    expect(blueprintRightsFromLevel('WRITE')).toEqual(['WRITE', 'READ']);
  });
  it('copy and edit need ADMIN on exactly one; info READ on one; delete ADMIN on all', () => {
    expect(blueprintActions([['ADMIN']])).toEqual({ copy: true, edit: true, info: true, delete: true });
    expect(blueprintActions([['READ']])).toEqual({ copy: false, edit: false, info: true, delete: false });
    expect(blueprintActions([['ADMIN'], ['ADMIN']])).toEqual({
      copy: false,
      edit: false,
      info: false,
      delete: true,
    });
    expect(blueprintActions([['ADMIN'], ['WRITE']]).delete).toBe(false);
    expect(blueprintActions([]).delete).toBe(false);
  });
});

describe('default new-admin role (spec part 1 §6)', () => {
  it('information write and read at the root, evaluation, reports all but hidden, admin rights all three', () => {
    const admin = defaultAdminRole(['Term report']);
    expect(admin).toEqual({
      name: 'Admin',
      informationRights: { '': { write: true, read: true, hidden: false } },
      evaluationRights: { write: true, read: true },
      reportRights: { 'Term report': { '': { admin: true, write: true, read: true, hidden: false } } },
      adminRights: { purchase: true, metadata: true, rights: true },
    });
    expect(zTrajectoryRole.parse(admin)).toEqual(admin);
  });
  it('the creator holds it and so keeps the right to edit access', () => {
    const access = defaultTrajectoryAccess('Me@X.nl', ['R']);
    expect(access.users).toEqual([{ user: 'me@x.nl', roles: ['Admin'] }]);
    expect(canEditAccess(access, 'me@x.nl')).toBe(true);
    expect(canCreateReport(effectiveRightsOf(access, 'me@x.nl'), 'R')).toBe(true);
  });
  it('a report linked later gives it (by its admin rights, any name) the report; others and set entries stay', () => {
    const whole = { '': { admin: true, write: true, read: true, hidden: false } };
    const own = { '': { admin: false, write: false, read: true, hidden: false } };
    const docent = { ...defaultAdminRole(['Oud'], 'Docent'), reportRights: { Oud: own } };
    const student = role({ name: 'Student', adminRights: { purchase: true, metadata: true } });
    const [next, other] = withLinkedReportRights([docent, student], ['Oud', 'Nieuw', '__proto__']);
    expect(next?.reportRights).toEqual({ Oud: own, Nieuw: whole, ['__proto__']: whole });
    expect(Object.hasOwn(next?.reportRights ?? {}, '__proto__')).toBe(true);
    expect(other).toBe(student);
    expect(docent.reportRights).toEqual({ Oud: own });
  });
});
