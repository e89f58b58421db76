import { PROVIDER_ORGANISATION_ID } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildUser, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ensureProviderAdmins } from './provider-admins.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roleIn0 = async (userId: number) =>
  (
    await t.ctx.db
      .selectFrom('memberships')
      .select('role')
      .where('organisation_id', '=', PROVIDER_ORGANISATION_ID)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.role;

describe('PROVIDER_ADMINS (D11)', () => {
  it('makes the named accounts OWNER of organisation 0, raising a USER membership, and skips unknown addresses', async () => {
    const newcomer = await buildUser(t);
    const member = await buildUser(t);
    await addMember(t, PROVIDER_ORGANISATION_ID, member.id, 'USER');
    const bystander = await buildUser(t);
    const owners = await ensureProviderAdmins(t.ctx, [
      ` ${newcomer.email.toUpperCase()} `,
      member.email,
      'nog-geen-account@groeipad.nl',
    ]);
    expect(owners.sort()).toEqual([newcomer.email, member.email].sort());
    expect(await roleIn0(newcomer.id)).toBe('OWNER');
    expect(await roleIn0(member.id)).toBe('OWNER');
    expect(await roleIn0(bystander.id)).toBeUndefined();
    // Running again at the next start changes nothing.
    await ensureProviderAdmins(t.ctx, [newcomer.email]);
    expect(await roleIn0(newcomer.id)).toBe('OWNER');
    expect(await ensureProviderAdmins(t.ctx, [])).toEqual([]);
  });
});
