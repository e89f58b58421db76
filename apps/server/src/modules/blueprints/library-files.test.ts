import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  type TestApp,
  tokensFor,
  uniqueEmail,
} from '../../../test/helpers.ts';
import { uploadFile } from '../../../test/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ companyDomain: 'groeipad.nl' });
});
afterAll(() => t.close());

async function companyOwner() {
  const owner = await buildUser(t, { email: uniqueEmail('auteur').replace('example.nl', 'groeipad.nl') });
  const org = await buildOrganisation(t, (await login(t, owner.email)).accessToken);
  return { ...owner, org, token: (await tokensFor(t, owner.email, org.id)).accessToken };
}

const resourceRow = (id: number) =>
  t.ctx.db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();

describe('library files (D31, D32)', () => {
  it('copies the logo and option attachments into the importing organisation, each with its own bytes', async () => {
    const author = await companyOwner();
    const logo = await uploadFile(t, author.token, { name: 'logo.png' });
    const attachment = await uploadFile(t, author.token, { name: 'protocol.png' });
    const extract = (
      await call(t, {
        method: 'POST',
        url: '/api/blueprints',
        token: author.token,
        payload: { type: 'EXTRACT', name: 'Voortgang' },
      })
    ).json();
    const logoSet = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/extracts/${extract.id}/content`,
      token: author.token,
      payload: [{ op: 'replace', path: '/logo', value: logo }],
    });
    expect(logoSet.statusCode, logoSet.body).toBe(200);
    const information = (
      await call(t, {
        method: 'POST',
        url: '/api/blueprints',
        token: author.token,
        payload: { type: 'INFORMATION', name: 'Intake' },
      })
    ).json();
    const fields = [
      {
        uuid: 'vervoer',
        name: 'Vervoer',
        type: 'select',
        required: false,
        options: [{ value: 'fiets', attachments: [attachment] }],
      },
    ];
    const fieldsSet = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/information/${information.id}/content`,
      token: author.token,
      payload: [{ op: 'replace', path: '/fields', value: fields }],
    });
    expect(fieldsSet.statusCode, fieldsSet.body).toBe(200);
    const publish = async (id: number) =>
      (await call(t, { method: 'POST', url: '/api/library', token: author.token, payload: { id } })).json()
        .id as number;
    const extractEntry = await publish(extract.id);
    const informationEntry = await publish(information.id);

    const importer = await companyOwner();
    const take = async (entry: number, path: string) => {
      const created = await call(t, {
        method: 'POST',
        url: '/api/blueprints',
        token: importer.token,
        payload: { id: entry, name: 'Kopie' },
      });
      expect(created.statusCode, created.body).toBe(201);
      return (
        await call(t, {
          method: 'GET',
          url: `/api/blueprints/${path}/${created.json().id}/content`,
          token: importer.token,
        })
      ).json();
    };
    const extractCopy = await take(extractEntry, 'extracts');
    expect(extractCopy.logo).not.toBe(logo);
    const copiedLogo = await resourceRow(extractCopy.logo);
    expect(copiedLogo).toMatchObject({
      organisation_id: importer.org.id,
      media_type: 'image/png',
      uploaded_by: importer.id,
    });
    expect(copiedLogo!.storage_key).not.toBe((await resourceRow(logo))!.storage_key);
    const informationCopy = await take(informationEntry, 'information');
    const [copiedAttachment] = informationCopy.fields[0].options[0].attachments;
    expect((await resourceRow(copiedAttachment))?.organisation_id).toBe(importer.org.id);
    // The importer reads their copies; the author's files stay theirs alone.
    for (const id of [extractCopy.logo, copiedAttachment])
      expect(
        (await call(t, { method: 'GET', url: `/api/resources/${id}/content`, token: importer.token }))
          .statusCode,
      ).toBe(200);
    expect(
      (await call(t, { method: 'GET', url: `/api/resources/${logo}/content`, token: importer.token }))
        .statusCode,
    ).toBe(404);
    // The author deleting the original leaves the copy whole.
    expect(
      (await call(t, { method: 'DELETE', url: `/api/resources/${logo}`, token: author.token })).statusCode,
    ).toBe(204);
    expect(
      (
        await call(t, {
          method: 'GET',
          url: `/api/resources/${extractCopy.logo}/content`,
          token: importer.token,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('never copies a file of a third organisation that an entry names', async () => {
    const author = await companyOwner();
    const third = await companyOwner();
    const foreign = await uploadFile(t, third.token, { name: 'geheim.png' });
    const information = (
      await call(t, {
        method: 'POST',
        url: '/api/blueprints',
        token: author.token,
        payload: { type: 'INFORMATION', name: 'Intake' },
      })
    ).json();
    const select = (attachments: number[]) => ({
      uuid: 's',
      name: 'Keuze',
      type: 'select',
      required: false,
      options: [{ value: 'a', attachments }],
    });
    const setFields = (attachments: number[]) =>
      call(t, {
        method: 'PATCH',
        url: `/api/blueprints/information/${information.id}/content`,
        token: author.token,
        payload: [{ op: 'replace', path: '/fields', value: [select(attachments)] }],
      });
    // The author cannot name it (D42) …
    expect((await setFields([foreign])).json().fields).toEqual([
      { path: 'fields.0.options.0.attachments', key: 'fileNotReadable' },
    ]);
    expect((await setFields([])).statusCode).toBe(200);
    const entry = (
      await call(t, {
        method: 'POST',
        url: '/api/library',
        token: author.token,
        payload: { id: information.id },
      })
    ).json().id;
    // … but an entry published before that rule might: the import still never follows it.
    await t.ctx.db
      .updateTable('library_entries')
      .set({ content: JSON.stringify({ fields: [select([foreign])] }) })
      .where('id', '=', entry)
      .execute();
    const importer = await companyOwner();
    const before = await t.ctx.db
      .selectFrom('resources')
      .select('id')
      .where('organisation_id', '=', importer.org.id)
      .execute();
    const created = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: importer.token,
      payload: { id: entry, name: 'Kopie' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const copy = (
      await call(t, {
        method: 'GET',
        url: `/api/blueprints/information/${created.json().id}/content`,
        token: importer.token,
      })
    ).json();
    expect(copy.fields[0].options[0].attachments).toEqual([]);
    const after = await t.ctx.db
      .selectFrom('resources')
      .select('id')
      .where('organisation_id', '=', importer.org.id)
      .execute();
    expect(after).toEqual(before);
  });

  it('imports a trajectory blueprint with its parts copied but unlinked: the links named the publisher’s blueprints', async () => {
    const author = await companyOwner();
    const create = async (type: string, name: string) =>
      (
        await call(t, {
          method: 'POST',
          url: '/api/blueprints',
          token: author.token,
          payload: { type, name },
        })
      ).json().id as number;
    const competences = await create('COMPETENCE_LIST', 'Competenties');
    const report = await create('REPORT', 'Voortgang');
    const trajectory = await create('TRAJECTORY', 'BPV');
    const competence = { uuid: 'k1', description: 'Werkt veilig', subcompetences: [] };
    const linked = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${trajectory}/content`,
      token: author.token,
      payload: [
        {
          op: 'replace',
          path: '/competenceList',
          value: { id: competences, version: 1, competences: [competence] },
        },
        {
          op: 'add',
          path: '/reportBlueprints/-',
          value: { id: report, version: 1, name: 'Voortgang', fields: [] },
        },
      ],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const entry = (
      await call(t, { method: 'POST', url: '/api/library', token: author.token, payload: { id: trajectory } })
    ).json().id;
    const importer = await companyOwner();
    const created = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: importer.token,
      payload: { id: entry, name: 'BPV' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const copy = (
      await call(t, {
        method: 'GET',
        url: `/api/blueprints/trajectories/${created.json().id}/content`,
        token: importer.token,
      })
    ).json();
    expect(copy.competenceList).toMatchObject({ id: null, version: null, competences: [{ uuid: 'k1' }] });
    expect(copy.reportBlueprints).toEqual([{ id: null, version: null, name: 'Voortgang', fields: [] }]);
  });
  it('imports an entry whose attachment is gone from storage, without that attachment (logged, no error)', async () => {
    const author = await companyOwner();
    const attachment = await uploadFile(t, author.token, { name: 'protocol.png' });
    const information = (
      await call(t, {
        method: 'POST',
        url: '/api/blueprints',
        token: author.token,
        payload: { type: 'INFORMATION', name: 'Intake' },
      })
    ).json();
    const fields = [
      {
        uuid: 'v',
        name: 'Vervoer',
        type: 'select',
        required: false,
        options: [{ value: 'fiets', attachments: [attachment] }],
      },
    ];
    await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/information/${information.id}/content`,
      token: author.token,
      payload: [{ op: 'replace', path: '/fields', value: fields }],
    });
    const entry = (
      await call(t, {
        method: 'POST',
        url: '/api/library',
        token: author.token,
        payload: { id: information.id },
      })
    ).json().id;
    await t.ctx.storage.remove((await resourceRow(attachment))!.storage_key!);

    const importer = await companyOwner();
    const created = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: importer.token,
      payload: { id: entry, name: 'Kopie' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const copy = (
      await call(t, {
        method: 'GET',
        url: `/api/blueprints/information/${created.json().id}/content`,
        token: importer.token,
      })
    ).json();
    expect(copy.fields[0].options[0].attachments).toEqual([]);
    const files = await t.ctx.db
      .selectFrom('resources')
      .select('id')
      .where('organisation_id', '=', importer.org.id)
      .execute();
    expect(files).toEqual([]);
  });
});
