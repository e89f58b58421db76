import type { TrajectoryRole } from '@groeipad/core';
import type { Actor } from '../actor.ts';
import type { AppContext } from '../context.ts';
import { createTrajectory } from '../modules/trajectories/index.ts';

const STUDENTS = [
  { name: 'Sanne de Vries', klas: 'VIG3A', leerbedrijf: 'Zorgcentrum De Linde' },
  { name: 'Mohammed El Amrani', klas: 'VIG3A', leerbedrijf: 'Thuiszorg Utrecht Oost' },
  { name: 'Lotte Jansen', klas: 'VIG3B', leerbedrijf: 'Verpleeghuis Het Anker' },
];

/**
 * Demo trajectories from the demo trajectory blueprint (issue 8): the teachers (owner and admin)
 * hold the Docent role in every one, so a teacher has several students (D50); `students[i]` is the
 * student of the i-th, so a newcomer sees field rights at work by signing in as both.
 */
export async function seedDemoTrajectories(
  ctx: AppContext,
  teacher: Actor,
  colleague: string,
  students: readonly string[],
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
    await createTrajectory(ctx, teacher, {
      blueprintId: blueprint.id,
      name: `BPV ${pupil.name}`,
      description: `Beroepspraktijkvorming bij ${pupil.leerbedrijf}`,
      access: {
        roles,
        users: [
          { user: teacher.email, roles: ['Docent'] },
          { user: colleague, roles: ['Docent'] },
          ...(students[index] ? [{ user: students[index], roles: ['Student'] }] : []),
        ],
      },
      // D40: Naam and Naam leerbedrijf fill the form's fields; Klas becomes the information map.
      information: { Naam: pupil.name, Klas: pupil.klas, 'Naam leerbedrijf': pupil.leerbedrijf },
    });
  }
}
