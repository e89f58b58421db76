import type { CurrentUser, UpdateCurrentUser } from '@groeipad/core';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/tables.ts';
import { unauthorized } from '../../errors.ts';
import { findUserById, updateUser } from './repository.ts';

function present(user: UserRow): CurrentUser {
  return { id: user.id, email: user.email, firstName: user.first_name, lastName: user.last_name };
}

export async function getCurrentUser(ctx: AppContext, userId: number): Promise<CurrentUser> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return present(user);
}

export async function updateCurrentUser(
  ctx: AppContext,
  userId: number,
  values: UpdateCurrentUser,
): Promise<CurrentUser> {
  await getCurrentUser(ctx, userId);
  return present(
    await updateUser(ctx.db, userId, { first_name: values.firstName, last_name: values.lastName }),
  );
}
