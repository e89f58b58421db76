import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/api/users/me', () => {
  it('shows the current user and changes first and last name', async () => {
    const user = await buildUser(t);
    const { accessToken: token } = await login(t, user.email);
    expect((await call(t, { method: 'GET', url: '/api/users/me', token })).json()).toEqual({
      id: user.id,
      email: user.email,
      firstName: null,
      lastName: null,
    });
    const res = await call(t, {
      method: 'PUT',
      url: '/api/users/me',
      token,
      payload: { firstName: '  Anouk ', lastName: 'de Vries' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Anouk', lastName: 'de Vries', email: user.email });
    const cleared = await call(t, {
      method: 'PUT',
      url: '/api/users/me',
      token,
      payload: { firstName: '', lastName: null },
    });
    expect(cleared.json()).toMatchObject({ firstName: null, lastName: null });
  });

  it('refuses over-long names and wrong types, and needs a token', async () => {
    const user = await buildUser(t);
    const { accessToken: token } = await login(t, user.email);
    const long = await call(t, {
      method: 'PUT',
      url: '/api/users/me',
      token,
      payload: { firstName: 'a'.repeat(256), lastName: 'b' },
    });
    expect(long.json()).toEqual({
      status: 400,
      key: 'validationError',
      fields: [{ path: 'firstName', key: 'tooLong' }],
    });
    const wrongType = await call(t, {
      method: 'PUT',
      url: '/api/users/me',
      token,
      payload: { firstName: 5, lastName: 'b' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect((await call(t, { method: 'GET', url: '/api/users/me', token })).json().firstName).toBeNull();
    expect((await call(t, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect(
      (await call(t, { method: 'PUT', url: '/api/users/me', payload: { firstName: 'x', lastName: 'y' } }))
        .statusCode,
    ).toBe(401);
  });
});
