import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { seedDemo } from './demo.ts';

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
});
