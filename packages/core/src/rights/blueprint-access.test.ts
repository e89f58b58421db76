import { describe, expect, it } from 'vitest';
import { zBlueprintUserRightsList } from './blueprint-access.ts';

/**
 * GET/PUT /api/blueprints/{id}/rights (spec part 2 §3, §5): a blueprint's access list parses with the
 * rule of the trajectory access list, each problem a message key at its row.
 */
const problems = (input: unknown) => {
  const result = zBlueprintUserRightsList.safeParse(input);
  const found = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  // An invalid e-mail is reported twice at the same row (by zEmail and by the list rule); the same key.
  return [...new Set(found)].map((entry) => entry.split(' '));
};

describe('a blueprint access list', () => {
  const demo = [
    { user: ' Eigenaar@Demo.Groeipad.nl ', rights: ['ADMIN', 'WRITE', 'READ'] },
    { user: 'beheerder@demo.groeipad.nl', rights: ['WRITE', 'READ'] },
    { user: 'gebruiker@demo.groeipad.nl', rights: ['READ'] },
  ];

  it('parses the demo list; e-mails are trimmed and lower-cased', () => {
    expect(zBlueprintUserRightsList.parse(demo).map((entry) => entry.user)).toEqual([
      'eigenaar@demo.groeipad.nl',
      'beheerder@demo.groeipad.nl',
      'gebruiker@demo.groeipad.nl',
    ]);
  });

  it.each([
    ['no admin', [demo[1], demo[2]], [['', 'noAdmin']]],
    [
      'the same user twice (compared after lower-casing)',
      [...demo, { user: 'GEBRUIKER@demo.groeipad.nl', rights: ['READ'] }],
      [['3.user', 'duplicateUser']],
    ],
    [
      'a user without a right',
      [...demo, { user: 'stagiair@demo.groeipad.nl', rights: [] }],
      [['3.user', 'userWithoutRight']],
    ],
    [
      'an invalid e-mail',
      [...demo, { user: 'praktijkopleider', rights: ['READ'] }],
      [['3.user', 'invalidEmail']],
    ],
  ])('%s', (_name, list, expected) => {
    expect(problems(list)).toEqual(expected);
  });

  it('refuses a right that does not exist', () => {
    expect(
      zBlueprintUserRightsList.safeParse([{ user: 'a@demo.groeipad.nl', rights: ['OWNER'] }]).success,
    ).toBe(false);
  });
});
