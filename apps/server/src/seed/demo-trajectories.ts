import type { TrajectoryRole } from '@groeipad/core';
import type { Actor } from '../actor.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { patchInformation } from '../modules/trajectories/information.ts';
import { createTrajectory } from '../modules/trajectories/service.ts';

const STUDENTS = [
  { name: 'Sanne de Vries', klas: 'VIG3A', leerbedrijf: 'Zorgcentrum De Linde' },
  { name: 'Mohammed El Amrani', klas: 'VIG3A', leerbedrijf: 'Thuiszorg Utrecht Oost' },
  { name: 'Lotte Jansen', klas: 'VIG3B', leerbedrijf: 'Verpleeghuis Het Anker' },
];

/**
 * Demo trajectories from the demo trajectory blueprint (issue 8): the teachers (owner and admin)
 * hold the Docent role; the demo user is a student in the first one, so a newcomer sees field rights
 * at work by signing in as both.
 */
export async function seedDemoTrajectories(
  ctx: AppContext,
  teacher: Actor,
  colleague: string,
  student: string,
): Promise<void> {
  const blueprint = await ctx.db
    .selectFrom('blueprints')
    .select(['id', 'document_id'])
    .where('organisation_id', '=', teacher.organisationId)
    .where('type', '=', 'TRAJECTORY')
    .executeTakeFirstOrThrow();
  const content = await ctx.db
    .selectFrom('documents')
    .select('content')
    .where('id', '=', blueprint.document_id)
    .executeTakeFirstOrThrow();
  const roles = (content.content as { roles: TrajectoryRole[] }).roles;
  for (const [index, pupil] of STUDENTS.entries()) {
    const id = await createTrajectory(ctx, teacher, {
      blueprintId: blueprint.id,
      name: `BPV ${pupil.name}`,
      description: `Beroepspraktijkvorming bij ${pupil.leerbedrijf}`,
      access: {
        roles,
        users: [
          { user: teacher.email, roles: ['Docent'] },
          { user: colleague, roles: ['Docent'] },
          ...(index === 0 ? [{ user: student, roles: ['Student'] }] : []),
        ],
      },
    });
    // With TRAJECTORY_TRIAL_DAYS=0 a new trajectory starts inactive (D12) and takes no writes: the
    // demo then shows inactive trajectories without information rather than failing to start.
    await patchInformation(ctx, teacher, id, [
      { op: 'add', path: '/Naam', value: pupil.name },
      { op: 'add', path: '/Klas', value: pupil.klas },
      { op: 'add', path: '/Naam leerbedrijf', value: pupil.leerbedrijf },
    ]).catch((error: unknown) => {
      if (!(error instanceof AppError && error.key === 'expiredTrajectory')) throw error;
    });
  }
}
