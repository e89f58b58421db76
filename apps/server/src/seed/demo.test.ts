import { defaultAdminRole } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/helpers.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './demo.ts';

describe('demo seed', () => {
  // The seed runs only on an empty database: one of its own (the default trial is what `npm start` and the e2e run).
  it.each([0])(
    'fills an empty database once, also when trajectories start inactive (TRAJECTORY_TRIAL_DAYS=%i, D12)',
    async (trajectoryTrialDays) => {
      const t = await createTestApp({ trajectoryTrialDays }, { emptyDatabase: true });
      try {
        expect(await seedDemo(t.ctx)).toBe(true);
        const trajectories = await t.ctx.db
          .selectFrom('trajectories')
          .select(['information', 'active_until'])
          .execute();
        expect(trajectories).toHaveLength(3);
        const filled = trajectories.filter((row) => Object.keys(row.information as object).length > 0);
        // The data file's row is part of the creation (D40), so inactive trajectories have it too.
        expect(filled).toHaveLength(3);
        expect(await seedDemo(t.ctx)).toBe(false);
      } finally {
        await t.close();
      }
    },
  );

  it('is a school as it would be set up: teachers with several students, students without blueprint rights (D50)', async () => {
    const t = await createTestApp({}, { emptyDatabase: true });
    try {
      expect(await seedDemo(t.ctx)).toBe(true);
      const organisation = await t.ctx.db
        .selectFrom('organisations')
        .select('id')
        .where('name', '=', 'Demoschool De Groeiboom')
        .executeTakeFirstOrThrow();
      const token = async (email: string) => {
        const first = await call(t, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: DEMO_PASSWORD },
        });
        const chosen = await call(t, {
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { email, refreshToken: first.json().refreshToken, organisationId: organisation.id },
        });
        return chosen.json().accessToken as string;
      };
      const get = async (email: string, url: string) =>
        (await call(t, { method: 'GET', url, token: await token(email) })).json();
      const students = DEMO_USERS.filter((u) => u.role === 'USER').map((u) => u.email);
      expect(students.length).toBeGreaterThanOrEqual(3);

      // Each teacher (the owner and the admin) teaches every trajectory; each has its own student.
      for (const teacher of ['eigenaar@demo.groeipad.nl', 'beheerder@demo.groeipad.nl']) {
        const theirs = await get(teacher, '/api/v2/trajectories');
        expect(theirs).toHaveLength(3);
        const studentsOfTeacher = new Set<string>();
        for (const trajectory of theirs) {
          const access = await get(teacher, `/api/v2/trajectories/${trajectory.id}/access`);
          for (const u of access.users as { user: string; roles: string[] }[])
            if (students.includes(u.user)) studentsOfTeacher.add(u.user);
        }
        expect(studentsOfTeacher.size).toBe(3);
      }
      // The students: one trajectory each, no blueprint at all, and so no trajectory of their own.
      const blueprintId = (await get('beheerder@demo.groeipad.nl', '/api/blueprints')).find(
        (b: { type: string }) => b.type === 'TRAJECTORY',
      ).id;
      const create = async (email: string) =>
        call(t, {
          method: 'POST',
          url: '/api/v2/trajectories',
          token: await token(email),
          payload: {
            blueprintId,
            name: 'Eigen traject',
            description: '',
            access: { roles: [defaultAdminRole([], 'Docent')], users: [{ user: email, roles: ['Docent'] }] },
          },
        });
      for (const student of students) {
        expect(await get(student, '/api/v2/trajectories')).toHaveLength(1);
        expect(await get(student, '/api/blueprints')).toEqual([]);
        const refused = await create(student);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fields).toEqual([{ path: 'blueprintId', key: 'invalidValue' }]);
      }
      // The same call by a teacher is fine: it is the blueprint right that stops the students.
      expect((await create('beheerder@demo.groeipad.nl')).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
