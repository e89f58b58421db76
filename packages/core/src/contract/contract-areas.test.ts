import { describe, expect, it } from 'vitest';
import { isUploadSizeAllowed } from '../fields/limits.ts';
import { clusterPathNames, zDashboard } from './dashboards.ts';
import { zEvaluation } from './evaluation.ts';
import { notificationLink, zNotificationQuery } from './notifications.ts';
import { canAddMember, importMembers, zCreateOrganisationUser } from './organisation-users.ts';
import { checkReportName } from './reports.ts';
import { idFromLocation, zResourceUpload } from './resources.ts';
import {
  isTrashItemSelectable,
  parseTrashId,
  selectAllTrash,
  trashId,
  zTrashIdParams,
  zTrashItem,
  zTrashRestore,
} from './trash.ts';

describe('dashboards', () => {
  it('widgets are evaluation_scores (optional cluster path) or evaluation_history', () => {
    const parsed = zDashboard.parse({
      widgets: [
        { uuid: 'w1', name: 'Scores', type: 'evaluation_scores', cluster: 'a.b.c' },
        { uuid: 'w2', name: 'All', type: 'evaluation_scores' },
        { uuid: 'w3', name: 'History', type: 'evaluation_history' },
      ],
    });
    expect(parsed.widgets[1]).toEqual({ uuid: 'w2', name: 'All', type: 'evaluation_scores', cluster: null });
    expect(clusterPathNames('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(
      zDashboard.safeParse({ widgets: [{ uuid: 'w', type: 'evaluation_scores', cluster: 'a..b' }] }).success,
    ).toBe(false);
    expect(zDashboard.safeParse({ widgets: [{ uuid: 'w', type: 'pie' }] }).success).toBe(false);
  });
});

describe('evaluation', () => {
  const base = { minScore: 1, maxScore: 4 };
  it('accepts a three-level tree with properties keyed by ISO timestamp', () => {
    const result = zEvaluation.safeParse({
      ...base,
      criteria: [
        {
          type: 'cluster',
          uuid: 'a',
          name: 'A',
          subsections: [
            {
              type: 'cluster',
              uuid: 'a1',
              name: 'A1',
              subsections: [
                {
                  type: 'competence',
                  uuid: 'c',
                  name: 'C',
                  properties: {
                    '2025-01-01T10:00:00.000Z': {
                      score: '3',
                      date: '01/01/2025',
                      location: 'school, werkplek',
                      achieved: 'true',
                    },
                  },
                },
              ],
            },
          ],
        },
      ],
    });
    expect(result.success).toBe(true);
  });

  it.each([
    ['a bad date', { date: '31/02/2025' }],
    ['an unknown location', { location: 'thuis' }],
    ['a non-integer score', { score: '2.5' }],
    ['achieved not true/false', { achieved: 'yes' }],
  ])('refuses %s', (_name, properties) => {
    const result = zEvaluation.safeParse({
      ...base,
      criteria: [
        { type: 'competence', uuid: 'c', name: 'C', properties: { '2025-01-01T10:00:00Z': properties } },
      ],
    });
    expect(result.success).toBe(false);
  });

  it('refuses a timestamp key that is not ISO, and maxScore below minScore', () => {
    expect(
      zEvaluation.safeParse({
        ...base,
        criteria: [{ type: 'competence', uuid: 'c', name: 'C', properties: { yesterday: {} } }],
      }).success,
    ).toBe(false);
    expect(zEvaluation.safeParse({ minScore: 3, maxScore: 1 }).success).toBe(false);
  });
});

describe('reports', () => {
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['Intake', 'duplicate'],
    [' Intake ', 'duplicate'],
    ['intake', 'duplicate'],
    ['x'.repeat(256), 'tooLong'],
    ['Exit', null],
  ])('new report name %j → %s', (name, problem) => {
    expect(checkReportName(name, ['Intake'])).toBe(problem);
  });
});

describe('resources', () => {
  it('the id is the Location header’s last segment', () => {
    expect(idFromLocation('/api/resources/42')).toBe(42);
    expect(idFromLocation('http://host/api/v2/trajectories/7/')).toBe(7);
    expect(idFromLocation(null)).toBeNull();
    expect(idFromLocation('/api/resources/abc')).toBeNull();
  });

  it('upload metadata and size', () => {
    expect(zResourceUpload.parse({ name: 'photo.png', mediaType: 'Image/PNG' })).toEqual({
      name: 'photo.png',
      mediaType: 'image/png',
      userRights: [],
    });
    expect(zResourceUpload.safeParse({ name: 'x', mediaType: 'png' }).success).toBe(false);
    expect(isUploadSizeAllowed(10 * 1024 * 1024)).toBe(true);
    expect(isUploadSizeAllowed(10 * 1024 * 1024 + 1)).toBe(false);
  });
});

describe('trash', () => {
  it('ids are prefixed with their kind', () => {
    expect(trashId('blueprint', 5)).toBe('blueprint-5');
    expect(parseTrashId('trajectory-12')).toEqual({ kind: 'trajectory', id: 12 });
    expect(parseTrashId('user-1')).toBeNull();
  });
  const item = (id: string, admin: boolean) =>
    zTrashItem.parse({
      id,
      name: id,
      type: 'TRAJECTORY',
      admin,
      statusModifiedOn: null,
      statusModifiedByEmail: null,
    });
  it.each([
    [true, true],
    [false, false],
  ])('trash items are selectable only with admin rights: admin %s → %s', (admin, selectable) => {
    expect(isTrashItemSelectable(item('trajectory-1', admin))).toBe(selectable);
  });
  it('select-all picks only the admin items; restore sets status LIVE', () => {
    expect(
      selectAllTrash([item('trajectory-1', true), item('blueprint-2', false), item('blueprint-3', true)]),
    ).toEqual(['trajectory-1', 'blueprint-3']);
    expect(zTrashRestore.safeParse({ status: 'LIVE' }).success).toBe(true);
    expect(zTrashRestore.safeParse({ status: 'DELETED' }).success).toBe(false);
  });
  it.each(['live', 'Live', 'LIVE'])('D30: restore accepts %s in any letter case as LIVE', (status) => {
    expect(zTrashRestore.parse({ status })).toEqual({ status: 'LIVE' });
  });
  it.each([
    ['deleted', 'invalidValue'],
    [undefined, 'required'],
    [1, 'invalidValue'],
  ])('restore refuses status %s with %s', (status, key) => {
    expect(zTrashRestore.safeParse({ status }).error?.issues[0]?.message).toBe(key);
  });
  it.each([
    ['trajectory-2147483647', { kind: 'trajectory', id: 2147483647 }],
    ['blueprint-0', { kind: 'blueprint', id: 0 }],
    ['trajectory-2147483648', null],
    ['trajectory-007', null],
    ['trajectory-', null],
    ['Trajectory-1', null],
    ['blueprint-1 ', null],
    ['blueprint--1', null],
  ])('D38: %s → %j (a database id, never past the largest one)', (value, parsed) => {
    expect(parseTrashId(value)).toEqual(parsed);
    expect(zTrashIdParams.safeParse({ id: value }).success).toBe(parsed !== null);
  });
});

describe('notifications', () => {
  const trajectory = { id: 3, name: 'T' };
  it.each([
    ['FORM', null, '/trajectory/3/form'],
    ['EVALUATION', null, '/trajectory/3/evaluation'],
    ['REPORT', 9, '/trajectory/3/reports/9'],
  ] as const)('%s links to %s', (target, targetId, link) => {
    expect(notificationLink({ trajectory, target, targetId })).toBe(link);
  });

  it('pages of 16; unread from query text', () => {
    expect(zNotificationQuery.parse({})).toEqual({ page: 0, size: 16 });
    expect(zNotificationQuery.parse({ size: '0', unread: 'true' })).toEqual({
      page: 0,
      size: 0,
      unread: true,
    });
  });
});

describe('organisation users', () => {
  it('a new member defaults to USER', () => {
    expect(zCreateOrganisationUser.parse({ email: ' New@X.nl ' })).toEqual({
      email: 'new@x.nl',
      role: 'USER',
    });
  });

  it('a new member needs a valid e-mail not already in the list', () => {
    expect(canAddMember('b@x.nl', ['a@x.nl'])).toBe(true);
    expect(canAddMember('A@x.nl', ['a@x.nl'])).toBe(false);
    expect(canAddMember('nope', [])).toBe(false);
  });

  it('import drops invalid and existing e-mails; unknown roles become USER', () => {
    expect(
      importMembers(
        [
          { email: 'a@x.nl', role: 'ADMIN' },
          { email: 'bad', role: 'ADMIN' },
          { email: 'old@x.nl', role: 'USER' },
          { email: 'c@x.nl', role: 'boss' },
          { email: 'C@x.nl', role: 'OWNER' },
          { email: 'd@x.nl' },
        ],
        ['old@x.nl'],
      ),
    ).toEqual([
      { email: 'a@x.nl', role: 'ADMIN' },
      { email: 'c@x.nl', role: 'USER' },
      { email: 'd@x.nl', role: 'USER' },
    ]);
  });
});
