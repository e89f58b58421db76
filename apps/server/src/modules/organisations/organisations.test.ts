import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  grantCredits,
  login,
  organisationInput,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import { pngDataUrl, svgDataUrl } from '../../../test/images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function owner() {
  const user = await buildUser(t);
  const tokens = await login(t, user.email);
  return { user, token: tokens.accessToken };
}

describe('POST /api/organisations', () => {
  it('creates with 201 and a Location header; the creator becomes OWNER; the list is sorted by name', async () => {
    const { token } = await owner();
    expect((await call(t, { method: 'GET', url: '/api/organisations', token })).json()).toEqual([]);
    const res = await call(t, {
      method: 'POST',
      url: '/api/organisations',
      token,
      payload: organisationInput({ name: '  Zonnebloem  ' }),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(res.headers.location).toBe(`/api/organisations/${created.id}`);
    expect(created).toMatchObject({
      name: 'Zonnebloem',
      type: 'COMPANY',
      country: 'NL',
      credits: 0,
      discount: 0,
      slogan: null,
    });
    await buildOrganisation(t, token, { name: 'Akker' });
    const list = (await call(t, { method: 'GET', url: '/api/organisations', token })).json();
    expect(list.map((o: { name: string }) => o.name)).toEqual(['Akker', 'Zonnebloem']);
    expect(list[0]).toMatchObject({ role: 'OWNER', smallLogo: null });
  });

  it('needs a signed licence', async () => {
    const user = await buildUser(t, { eula: false });
    const { accessToken } = await login(t, user.email);
    const res = await call(t, {
      method: 'POST',
      url: '/api/organisations',
      token: accessToken,
      payload: organisationInput(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe('eulaRequired');
  });

  it.each([
    ['name', { name: '   ' }, 'required'],
    ['name', { name: 'x'.repeat(256) }, 'tooLong'],
    ['type', { type: 'SCHOOL' }, 'required'],
    ['email', { email: 'geen-adres' }, 'invalidEmail'],
    ['phoneNumber', { phoneNumber: '' }, 'required'],
    ['streetName', { streetName: ' ' }, 'required'],
    ['streetNumber', { streetNumber: '' }, 'required'],
    ['postalCode', { postalCode: '' }, 'required'],
    ['city', { city: '' }, 'required'],
    ['country', { country: 'XX' }, 'invalidValue'],
    ['slogan', { slogan: 's'.repeat(256) }, 'tooLong'],
    ['description', { description: 'd'.repeat(1001) }, 'tooLong'],
    ['smallLogo', { smallLogo: pngDataUrl(33, 32) }, 'invalidLogo'],
    ['smallLogo', { smallLogo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, 'invalidLogo'],
    ['smallLogo', { smallLogo: svgDataUrl('<svg><script>alert(1)</script></svg>') }, 'invalidLogo'],
    ['largeLogo', { largeLogo: pngDataUrl(161, 32) }, 'invalidLogo'],
    ['largeLogo', { largeLogo: 'not a data url' }, 'invalidLogo'],
  ])('refuses a bad %s and writes nothing', async (path, override, key) => {
    const { token } = await owner();
    const res = await call(t, {
      method: 'POST',
      url: '/api/organisations',
      token,
      payload: organisationInput(override as object),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, key: 'validationError', fields: [{ path, key }] });
    expect((await call(t, { method: 'GET', url: '/api/organisations', token })).json()).toEqual([]);
  });

  it('accepts logos that fit their boxes, and optional fields left out', async () => {
    const { token } = await owner();
    const payload = organisationInput({
      smallLogo: pngDataUrl(32, 32),
      largeLogo: pngDataUrl(160, 32),
      vatIdentification: 'NL123456789B01',
      type: 'PERSONAL',
      country: 'be',
    });
    const res = await call(t, { method: 'POST', url: '/api/organisations', token, payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      smallLogo: payload.smallLogo,
      largeLogo: payload.largeLogo,
      country: 'BE',
      type: 'PERSONAL',
    });
    const svg = svgDataUrl(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16"/></svg>',
    );
    expect(
      (
        await call(t, {
          method: 'POST',
          url: '/api/organisations',
          token,
          payload: organisationInput({ smallLogo: svg }),
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('SVG logos (issue 6, defect 9)', () => {
  it('stores only what draws: no scripts, handlers, javascript: links, external images or style sheets', async () => {
    const { token } = await owner();
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 32 32" ' +
      'onload="alert(1)"><script>alert(2)</script><style>@import url(https://evil.example/x.css);</style>' +
      '<a href="javascript:alert(3)"><circle cx="16" cy="16" r="12" fill="#2f6f4e" onclick="steal()"/></a>' +
      '<image href="https://evil.example/track.png" width="32" height="32"/>' +
      '<rect width="4" height="4" style="fill:url(https://evil.example/x)" fill="url(http://evil.example/#p)"/>' +
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>';
    const res = await call(t, {
      method: 'POST',
      url: '/api/organisations',
      token,
      payload: organisationInput({ smallLogo: svgDataUrl(hostile) }),
    });
    expect(res.statusCode).toBe(201);
    const stored = Buffer.from(res.json().smallLogo.split(',')[1], 'base64').toString('utf8');
    for (const bad of [
      'script',
      'onload',
      'onclick',
      'javascript:',
      'evil.example',
      '<image',
      'foreignObject',
      '<style',
    ])
      expect(stored, bad).not.toContain(bad);
    expect(stored).toContain('<circle');
    expect(stored).toContain('viewBox="0 0 32 32"');
    expect(stored.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const read = await call(t, { method: 'GET', url: `/api/organisations/${res.json().id}`, token });
    expect(read.json().smallLogo).toBe(res.json().smallLogo);
  });

  it('refuses an SVG with nothing left to draw, also one that slips past the browser check', async () => {
    const { token } = await owner();
    const res = await call(t, {
      method: 'POST',
      url: '/api/organisations',
      token,
      payload: organisationInput({ largeLogo: svgDataUrl('<svg/onload=alert(1)><g></g></svg>') }),
    });
    expect(res.json()).toEqual({
      status: 400,
      key: 'validationError',
      fields: [{ path: 'largeLogo', key: 'invalidLogo' }],
    });
  });
});

describe('GET and PUT /api/organisations/{id}', () => {
  it('reads for members, answers 404 to everyone else and for unknown ids', async () => {
    const { token } = await owner();
    const org = await buildOrganisation(t, token);
    expect((await call(t, { method: 'GET', url: `/api/organisations/${org.id}`, token })).json().name).toBe(
      org.name,
    );
    const stranger = await owner();
    const other = await buildOrganisation(t, stranger.token);
    for (const url of [
      `/api/organisations/${other.id}`,
      `/api/organisations/${other.id}/credits`,
      `/api/organisations/${other.id}/discount`,
      '/api/organisations/999999',
    ]) {
      const res = await call(t, { method: 'GET', url, token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, key: 'notFound' });
    }
    const put = await call(t, {
      method: 'PUT',
      url: `/api/organisations/${other.id}`,
      token,
      payload: organisationInput(),
    });
    expect(put.statusCode).toBe(404);
    expect((await call(t, { method: 'GET', url: '/api/organisations/0', token })).statusCode).toBe(404);
    expect((await call(t, { method: 'GET', url: '/api/organisations/abc', token })).statusCode).toBe(400);
  });

  it('lets only owners edit the general form (issue 6); a refused edit changes nothing', async () => {
    const { token } = await owner();
    const org = await buildOrganisation(t, token, { name: 'Origineel' });
    const admin = await buildUser(t);
    const member = await buildUser(t);
    await addMember(t, org.id, admin.id, 'ADMIN');
    await addMember(t, org.id, member.id, 'USER');
    const memberToken = (await login(t, member.email)).accessToken;
    const adminToken = (await login(t, admin.email)).accessToken;
    const url = `/api/organisations/${org.id}`;

    for (const refusedToken of [memberToken, adminToken]) {
      const refused = await call(t, {
        method: 'PUT',
        url,
        token: refusedToken,
        payload: organisationInput({ name: 'Gekaapt' }),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().key).toBe('forbidden');
    }
    const invalid = await call(t, {
      method: 'PUT',
      url,
      token,
      payload: organisationInput({ name: 'Nieuw', email: 'x' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect((await call(t, { method: 'GET', url, token })).json().name).toBe('Origineel');

    const edited = await call(t, {
      method: 'PUT',
      url,
      token,
      payload: organisationInput({ name: 'Nieuw' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().name).toBe('Nieuw');
    expect((await call(t, { method: 'GET', url, token: memberToken })).json().name).toBe('Nieuw');
  });

  it('refuses a PUT with a missing field', async () => {
    const { token } = await owner();
    const org = await buildOrganisation(t, token);
    const { city: _city, ...withoutCity } = organisationInput();
    const res = await call(t, {
      method: 'PUT',
      url: `/api/organisations/${org.id}`,
      token,
      payload: withoutCity,
    });
    expect(res.json().fields).toEqual([{ path: 'city', key: 'required' }]);
  });
});

describe('credits and discount', () => {
  it('are in the organisation only for those who may read them, with abilities for each role (issue 7)', async () => {
    const o = await owner();
    const org = await buildOrganisation(t, o.token);
    await grantCredits(t, org.id, 8000);
    await t.ctx.db.updateTable('organisations').set({ discount: '5' }).where('id', '=', org.id).execute();
    const read = async (role: 'ADMIN' | 'USER') => {
      const member = await buildUser(t);
      await addMember(t, org.id, member.id, role);
      const token = (await login(t, member.email)).accessToken;
      return (await call(t, { method: 'GET', url: `/api/organisations/${org.id}`, token })).json();
    };
    const mine = (
      await call(t, { method: 'GET', url: `/api/organisations/${org.id}`, token: o.token })
    ).json();
    expect(mine).toMatchObject({
      credits: 80,
      discount: 5,
      abilities: { update: true, readCredits: true, readDiscount: true, manageMembers: true },
    });
    expect(await read('ADMIN')).toMatchObject({
      credits: 80,
      discount: null,
      abilities: { update: false, readCredits: true, readDiscount: false, manageMembers: true },
    });
    expect(await read('USER')).toMatchObject({
      credits: null,
      discount: null,
      abilities: { update: false, readCredits: false, readDiscount: false, manageMembers: false },
    });
  });

  it('answer plain-text numbers: credits for admins and owners, discount for owners', async () => {
    const o = await owner();
    const org = await buildOrganisation(t, o.token);
    await grantCredits(t, org.id, 12550);
    await t.ctx.db.updateTable('organisations').set({ discount: '10' }).where('id', '=', org.id).execute();
    const admin = await buildUser(t);
    const member = await buildUser(t);
    await addMember(t, org.id, admin.id, 'ADMIN');
    await addMember(t, org.id, member.id, 'USER');
    const adminToken = (await tokensFor(t, admin.email, org.id)).accessToken;
    const memberToken = (await login(t, member.email)).accessToken;

    const credits = await call(t, {
      method: 'GET',
      url: `/api/organisations/${org.id}/credits`,
      token: o.token,
    });
    expect(credits.statusCode).toBe(200);
    expect(credits.headers['content-type']).toContain('text/plain');
    expect(credits.body).toBe('125.5');
    expect(
      (await call(t, { method: 'GET', url: `/api/organisations/${org.id}/discount`, token: o.token })).body,
    ).toBe('10');
    expect(
      (await call(t, { method: 'GET', url: `/api/organisations/${org.id}/credits`, token: adminToken })).body,
    ).toBe('125.5');
    expect(
      (await call(t, { method: 'GET', url: `/api/organisations/${org.id}/discount`, token: adminToken }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t, { method: 'GET', url: `/api/organisations/${org.id}/credits`, token: memberToken }))
        .statusCode,
    ).toBe(403);
  });
});
