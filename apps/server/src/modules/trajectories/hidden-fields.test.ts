import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { operationsOf } from '../../../test/openapi-walk.ts';
import {
  BONUS,
  buildSecretTrajectory,
  C1_ENTRIES,
  DUBBEL_SALARIS,
  DUBBELE_BONUS,
  GEHEIM,
  NAAM,
  type Person,
  RAPPORT_GEHEIM,
  REFLECTIE,
  type Scene,
  VERSLAG,
} from '../../../test/secret-trajectory.ts';

/**
 * A hidden field never reaches its reader (D18, D35, D39, D40; spec part 1 §6 "hidden fields are
 * omitted"): as the student and as the mentor (METADATA only), EVERY trajectory-related route of the
 * OpenAPI document the app serves is walked — every version the history lists, every restore, the
 * grouped list keyed by the hidden field's name, the extract PDF, the notifications and their event
 * stream — and no answer (body or header) may carry a hidden field's value, name or uuid, nor a value
 * computed from one. Beside it: the reader's `ETag` moves only with what they see (D40), the mentor's
 * `PATCH …/information` is no back door to the form (D40), the grouped list and the access section
 * (D34, D35, D40).
 */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  // The event stream never ends by itself, so it is read over a real socket (stream.test.ts).
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely
type Doc = any;
type Who = 'student' | 'mentor';

/** The text of a PDF, read by poppler's pdftotext (installed by .ci/run). */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

/** Texts no answer to `who` may hold: the hidden fields' uuids, names, every value, values computed from them. */
function secretsOf(who: Who): string[] {
  const form = [
    GEHEIM.uuid,
    GEHEIM.name,
    'ZEER-GEHEIM',
    BONUS.uuid,
    BONUS.name,
    '771925',
    // `$Bonusbedrag * 2` computed over the hidden number (D18: never a value computed from hidden data).
    ...BONUS.values.map((value) => String(value * 2)),
  ];
  const report = [RAPPORT_GEHEIM.uuid, RAPPORT_GEHEIM.name, 'VERTROUWELIJK-RAPPORT'];
  // The mentor may not read the report at all: its other field is hidden from them as well.
  const unreadReport = who === 'mentor' ? [REFLECTIE.uuid, REFLECTIE.value] : [];
  return [...form, ...report, ...unreadReport];
}

function secretsIn(text: string, secrets: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return secrets.filter((secret) => lower.includes(secret.toLowerCase()));
}

/** The text of an answer as a reader gets it: the body (a PDF's text and its bytes) and every header. */
function answerText(res: LightMyRequestResponse): { body: string; headers: string } {
  const type = String(res.headers['content-type'] ?? '');
  const body = type.startsWith('application/pdf')
    ? `${pdfText(res.rawPayload)}\n${res.rawPayload.toString('latin1')}`
    : res.body;
  return { body, headers: JSON.stringify(res.headers) };
}

interface Ask {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
}

/** One reader's walk: every answer is searched for the secrets; what is found or goes wrong is listed. */
class Walk {
  readonly problems: string[] = [];
  readonly base: string;
  /** Extracts the reader made during the walk. */
  readonly extracts: number[] = [];
  constructor(
    readonly scene: Scene,
    readonly who: Who,
    readonly reader: Person,
    private readonly secrets: readonly string[],
  ) {
    this.base = scene.base;
  }

  check(label: string, text: { body: string; headers: string }) {
    for (const secret of secretsIn(text.body, this.secrets))
      this.problems.push(`${label} as ${this.who}: the body carries "${secret}"`);
    for (const secret of secretsIn(text.headers, this.secrets))
      this.problems.push(`${label} as ${this.who}: a header carries "${secret}"`);
  }

  /** Calls as the reader; the answer is checked for secrets and must not be a 5xx. */
  async send(ask: Ask): Promise<LightMyRequestResponse> {
    const res = await call(t, {
      method: ask.method,
      url: ask.url,
      token: this.reader.token,
      ...(ask.payload === undefined ? {} : { payload: ask.payload as object }),
    });
    const label = `${ask.method} ${ask.url}`;
    if (res.statusCode >= 500) this.problems.push(`${label} as ${this.who}: ${res.statusCode} ${res.body}`);
    this.check(label, answerText(res));
    return res;
  }

  /**
   * Two calls that differ only in naming a hidden field or one that does not exist must answer alike:
   * otherwise the answer tells the reader the hidden field is there (or what it holds).
   */
  expectAlike(label: string, hidden: LightMyRequestResponse, absent: LightMyRequestResponse) {
    const shape = (res: LightMyRequestResponse) => {
      const body = res.statusCode >= 400 ? res.json() : null;
      return `${res.statusCode} ${body?.key ?? ''} ${JSON.stringify(body?.fields ?? [])}`;
    };
    if (shape(hidden) !== shape(absent))
      this.problems.push(
        `${label} as ${this.who}: a hidden field answers "${shape(hidden)}", an absent one "${shape(absent)}"`,
      );
  }

  /** The document's real version as the teacher sees it: the restores try every one. */
  async teacherVersion(url: string): Promise<number> {
    const res = await call(t, { method: 'GET', url, token: this.scene.teacher.token });
    return Number(JSON.parse(res.headers.etag as string));
  }
}

type Step = (w: Walk) => Promise<void>;

const get =
  (url: (w: Walk) => string): Step =>
  async (w) => {
    await w.send({ method: 'GET', url: url(w) });
  };

/** Every listed version of a field history (pages of one), with the person and day filters. */
async function walkFieldHistory(w: Walk, url: string) {
  const first = await w.send({ method: 'GET', url });
  if (first.statusCode !== 200) return;
  const page = first.json();
  const today = new Date().toISOString().slice(0, 10);
  await w.send({ method: 'GET', url: `${url}?person=${w.scene.teacher.id}` });
  await w.send({ method: 'GET', url: `${url}?from=2000-01-01&to=${today}&size=200` });
  for (let index = 0; index < page.total; index++)
    await w.send({ method: 'GET', url: `${url}?page=${index}&size=1` });
}

/** Restores of a hidden field at every version the document had answer as for a field that never existed. */
async function walkRestores(w: Walk, documentUrl: string, hiddenUuids: readonly string[]) {
  const url = `${documentUrl}/history/restore`;
  const last = await w.teacherVersion(documentUrl);
  for (let version = 1; version <= last; version++) {
    const absent = await w.send({ method: 'POST', url, payload: { version, field: 'f-bestaat-niet' } });
    for (const field of hiddenUuids) {
      const hidden = await w.send({ method: 'POST', url, payload: { version, field } });
      w.expectAlike(`POST ${url} {version: ${version}, field: ${field}}`, hidden, absent);
    }
  }
}

/** A JSON Patch `test` of a hidden value is no oracle: right and wrong guesses answer alike. */
async function walkTestOracle(w: Walk, url: string, uuid: string, right: unknown, writable: string) {
  const guess = (value: unknown) =>
    w.send({
      method: 'PATCH',
      url,
      payload: [
        { op: 'test', path: `/values/${uuid}`, value },
        { op: 'add', path: `/values/${writable}`, value: 'Raden' },
      ],
    });
  w.expectAlike(`PATCH ${url} test /values/${uuid}`, await guess(right), await guess('fout geraden'));
}

/** Reads the event stream for a while (it never ends by itself) and checks what it sent. */
async function walkStream(w: Walk) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/notifications/stream`, {
    headers: { authorization: `Bearer ${w.reader.token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  let text = '';
  const reading = (async () => {
    try {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
      }
    } catch {
      // aborted below
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 400));
  controller.abort();
  await reading;
  const label = 'GET /api/notifications/stream';
  if (response.status !== 200) w.problems.push(`${label} as ${w.who}: ${response.status}`);
  if (!text.includes('event: unread')) w.problems.push(`${label} as ${w.who}: no event read`);
  w.check(label, { body: text, headers: JSON.stringify(Object.fromEntries(response.headers)) });
}

/**
 * How each route is walked, by its OpenAPI method and path. A new trajectory-related route fails the
 * walk until it has an entry here.
 */
const WALK: Record<string, Step> = {
  'GET /api/v2/trajectories': async (w) => {
    await w.send({ method: 'GET', url: '/api/v2/trajectories' });
    await w.send({ method: 'GET', url: '/api/v2/trajectories?status=DELETED' });
  },
  'POST /api/v2/trajectories': async (w) => {
    await w.send({
      method: 'POST',
      url: '/api/v2/trajectories',
      payload: {
        blueprintId: w.scene.blueprintId,
        name: 'Eigen traject',
        access: {
          roles: [{ name: 'Eigen', adminRights: { purchase: true, metadata: true, rights: true } }],
          users: [{ user: w.reader.email, roles: ['Eigen'] }],
        },
      },
    });
  },
  'POST /api/v2/trajectories/import/check': async (w) => {
    for (const path of ['import/check', 'import'])
      await w.send({
        method: 'POST',
        url: `/api/v2/trajectories/${path}`,
        payload: {
          blueprintId: w.scene.blueprintId,
          access: {
            roles: [
              { name: 'Eigen', adminRights: { purchase: true, metadata: true, rights: true } },
              { name: 'Leerling', evaluationRights: { read: true, write: false } },
            ],
            users: [{ user: w.reader.email, roles: ['Eigen'] }],
          },
          studentRole: 'Leerling',
          rows: [{ name: 'Eigen import', email: 'leerling@groeipad.test', information: { Klas: '4A' } }],
        },
      });
  },
  // Walked with the check above (the same body): the import after its check.
  'POST /api/v2/trajectories/import': async () => {},
  'GET /api/v2/trajectories/cohort': get((w) => `/api/v2/trajectories/cohort?ids=${w.scene.id}`),
  'GET /api/v2/trajectories/grouped': async (w) => {
    for (const key of [
      GEHEIM.name,
      ` ${GEHEIM.name.toLowerCase()} `,
      GEHEIM.uuid,
      BONUS.name,
      DUBBEL_SALARIS.name,
      DUBBELE_BONUS.name,
      'Naam',
      'Klas',
      'Mentorgroep',
    ])
      await w.send({ method: 'GET', url: `/api/v2/trajectories/grouped?key=${encodeURIComponent(key)}` });
  },
  'GET /api/v2/trajectories/information-keys': get(() => '/api/v2/trajectories/information-keys'),
  'GET /api/v2/trajectories/{id}': get((w) => w.base),
  'PUT /api/v2/trajectories/{id}': async (w) => {
    await w.send({ method: 'PUT', url: w.base, payload: { name: 'BPV Sam', description: null } });
  },
  'PUT /api/v2/trajectories/{id}/status': async (w) => {
    await w.send({ method: 'PUT', url: `${w.base}/status`, payload: { status: 'LIVE' } });
  },
  'PATCH /api/v2/trajectories/{id}/information': async (w) => {
    await w.send({
      method: 'PATCH',
      url: `${w.base}/information`,
      payload: [{ op: 'add', path: '/Opmerking', value: 'Gesprek gepland' }],
    });
  },
  'GET /api/v2/trajectories/{id}/form': get((w) => `${w.base}/form`),
  'PATCH /api/v2/trajectories/{id}/form': async (w) => {
    const url = `${w.base}/form`;
    await w.send({
      method: 'PATCH',
      url,
      payload: [{ op: 'add', path: '/values/motivatie', value: 'Van mij' }],
    });
    const write = (uuid: string) =>
      w.send({
        method: 'PATCH',
        url,
        payload: [{ op: 'add', path: `/values/${uuid}`, value: 'Overschreven' }],
      });
    const absent = await write('f-bestaat-niet');
    for (const uuid of [GEHEIM.uuid, BONUS.uuid])
      w.expectAlike(`PATCH ${url} /values/${uuid}`, await write(uuid), absent);
    await walkTestOracle(w, url, GEHEIM.uuid, GEHEIM.values[2], 'motivatie');
  },
  'GET /api/v2/trajectories/{id}/access': get((w) => `${w.base}/access`),
  // Mentor links (issue 23): RIGHTS only, so 403 here; still searched.
  'GET /api/v2/trajectories/{id}/mentor-links': get((w) => `${w.base}/mentor-links`),
  'POST /api/v2/trajectories/{id}/mentor-links': async (w) => {
    const payload = { email: `walk-${w.who}@bedrijf.nl`, name: GEHEIM.name, role: 'Student' };
    await w.send({ method: 'POST', url: `${w.base}/mentor-links`, payload });
  },
  // D58: mailing an invitation answers the account state only (RIGHTS); still searched.
  'POST /api/v2/trajectories/{id}/invitations': async (w) => {
    await w.send({
      method: 'POST',
      url: `${w.base}/invitations`,
      payload: { user: `walk-${w.who}@bedrijf.nl` },
    });
  },
  // D58: the learner's own page carries the trajectory's name, scores, remarks and waiting reports.
  'GET /api/v2/progress': get(() => '/api/v2/progress'),
  'DELETE /api/v2/trajectories/{id}/mentor-links/{linkId}': async (w) => {
    await w.send({ method: 'DELETE', url: `${w.base}/mentor-links/1` });
  },
  'PUT /api/v2/trajectories/{id}/access': async (w) => {
    const seen = await call(t, { method: 'GET', url: `${w.base}/access`, token: w.reader.token });
    const { roles, users } = seen.json();
    await w.send({ method: 'PUT', url: `${w.base}/access`, payload: { roles, users } });
  },
  'GET /api/v2/trajectories/{id}/roles': get((w) => `${w.base}/roles`),
  'GET /api/v2/trajectories/{id}/users': get((w) => `${w.base}/users`),
  'GET /api/v2/trajectories/{id}/email-suggestions': get((w) => `${w.base}/email-suggestions?q=example`),
  'GET /api/v2/trajectories/{id}/update': get((w) => `${w.base}/update`),
  'GET /api/v2/trajectories/{id}/labels': get((w) => `${w.base}/labels`),
  'GET /api/v2/trajectories/{id}/reports': async (w) => {
    await w.send({ method: 'GET', url: `${w.base}/reports` });
    await w.send({ method: 'GET', url: `${w.base}/reports?blueprintName=${VERSLAG}` });
  },
  'POST /api/v2/trajectories/{id}/reports': async (w) => {
    await w.send({
      method: 'POST',
      url: `${w.base}/reports?blueprintName=${VERSLAG}`,
      payload: { name: 'Week 2' },
    });
  },
  'GET /api/v2/trajectories/{id}/reportblueprints': get((w) => `${w.base}/reportblueprints`),
  'GET /api/v2/trajectories/{id}/reports/{reportId}': get((w) => `${w.base}/reports/${w.scene.reportId}`),
  'PATCH /api/v2/trajectories/{id}/reports/{reportId}': async (w) => {
    const url = `${w.base}/reports/${w.scene.reportId}`;
    await w.send({
      method: 'PATCH',
      url,
      payload: [{ op: 'add', path: `/values/${REFLECTIE.uuid}`, value: 'Mijn reflectie' }],
    });
    const write = (uuid: string) =>
      w.send({
        method: 'PATCH',
        url,
        payload: [{ op: 'add', path: `/values/${uuid}`, value: 'Overschreven' }],
      });
    w.expectAlike(
      `PATCH ${url} /values/${RAPPORT_GEHEIM.uuid}`,
      await write(RAPPORT_GEHEIM.uuid),
      await write('r-bestaat-niet'),
    );
    await walkTestOracle(w, url, RAPPORT_GEHEIM.uuid, RAPPORT_GEHEIM.values[2], REFLECTIE.uuid);
  },
  'GET /api/v2/trajectories/{id}/evaluations': get((w) => `${w.base}/evaluations`),
  'PUT /api/v2/trajectories/{id}/evaluations': async (w) => {
    const seen = await call(t, { method: 'GET', url: `${w.base}/evaluations`, token: w.scene.teacher.token });
    await w.send({ method: 'PUT', url: `${w.base}/evaluations`, payload: seen.json() });
  },
  'PATCH /api/v2/trajectories/{id}/evaluations': async (w) => {
    await w.send({
      method: 'PATCH',
      url: `${w.base}/evaluations`,
      payload: [{ op: 'add', path: `${C1_ENTRIES}/2025-04-01T09:00:00.000Z`, value: { score: '1' } }],
    });
  },
  'GET /api/v2/trajectories/{id}/dashboard': get((w) => `${w.base}/dashboard`),
  'GET /api/v2/trajectories/{id}/competencelist': get((w) => `${w.base}/competencelist`),
  'GET /api/v2/trajectories/{id}/form/history': (w) => walkFieldHistory(w, `${w.base}/form/history`),
  'POST /api/v2/trajectories/{id}/form/history/restore': (w) =>
    walkRestores(w, `${w.base}/form`, [GEHEIM.uuid, BONUS.uuid]),
  'GET /api/v2/trajectories/{id}/reports/{reportId}/history': (w) =>
    walkFieldHistory(w, `${w.base}/reports/${w.scene.reportId}/history`),
  'POST /api/v2/trajectories/{id}/reports/{reportId}/history/restore': (w) =>
    walkRestores(w, `${w.base}/reports/${w.scene.reportId}`, [RAPPORT_GEHEIM.uuid]),
  'GET /api/v2/trajectories/{id}/evaluations/history': get((w) => `${w.base}/evaluations/history`),
  'POST /api/v2/trajectories/{id}/evaluations/history/restore': async (w) => {
    const history = await call(t, {
      method: 'GET',
      url: `${w.base}/evaluations/history`,
      token: w.scene.teacher.token,
    });
    for (const entry of history.json().content as Doc[])
      for (const change of entry.changes as Doc[])
        await w.send({
          method: 'POST',
          url: `${w.base}/evaluations/history/restore`,
          payload: { version: entry.version, competence: change.competence, entry: change.entry },
        });
  },
  'GET /api/credits/trajectories': get(() => '/api/credits/trajectories?page=0&size=20'),
  'POST /api/credits/trajectories': async (w) => {
    await w.send({
      method: 'POST',
      url: '/api/credits/trajectories',
      payload: { trajectories: [{ trajectoryId: w.scene.id, months: 1 }] },
    });
  },
  'GET /api/extracts': async (w) => {
    await w.send({ method: 'GET', url: '/api/extracts' });
    await w.send({ method: 'GET', url: '/api/extracts?status=ARCHIVED' });
  },
  'POST /api/extracts': async (w) => {
    const made = await w.send({
      method: 'POST',
      url: '/api/extracts',
      payload: { name: 'Mijn rapport', extract: w.scene.extractBlueprintId, trajectories: [w.scene.id] },
    });
    if (made.statusCode === 202) w.extracts.push(...made.json().map((row: { id: number }) => row.id));
  },
  // Issue 31: "Voortgangsrapport maken" — its options, one made in one click, the ADMIN's default.
  'GET /api/extracts/progress-report': get(() => '/api/extracts/progress-report'),
  'POST /api/extracts/progress-report': async (w) => {
    const made = await w.send({
      method: 'POST',
      url: '/api/extracts/progress-report',
      payload: { trajectory: w.scene.id },
    });
    if (made.statusCode === 202) w.extracts.push(made.json().id);
  },
  'PUT /api/extracts/progress-report/default': async (w) => {
    await w.send({
      method: 'PUT',
      url: '/api/extracts/progress-report/default',
      payload: { extract: w.scene.extractBlueprintId },
    });
  },
  'PUT /api/extracts/{id}': async (w) => {
    for (const id of w.extracts) {
      await w.send({ method: 'PUT', url: `/api/extracts/${id}`, payload: { status: 'ARCHIVED' } });
      await w.send({ method: 'PUT', url: `/api/extracts/${id}`, payload: { status: 'ACTIVE' } });
    }
  },
  'GET /api/extracts/zip': async (w) => {
    const ids = [...w.extracts, w.scene.teacherExtractId].join(',');
    await w.send({ method: 'GET', url: `/api/extracts/zip?ids=${ids}` });
  },
  'POST /api/extracts/{id}/retry': async (w) => {
    for (const id of [...w.extracts, w.scene.teacherExtractId])
      await w.send({ method: 'POST', url: `/api/extracts/${id}/retry` });
  },
  'GET /api/extracts/{id}/users': async (w) => {
    for (const id of [...w.extracts, w.scene.teacherExtractId])
      await w.send({ method: 'GET', url: `/api/extracts/${id}/users` });
  },
  'POST /api/extracts/{id}/users': async (w) => {
    for (const id of w.extracts)
      await w.send({ method: 'POST', url: `/api/extracts/${id}/users`, payload: [w.scene.reader.email] });
  },
  'GET /api/extracts/{id}/content': async (w) => {
    for (const id of [...w.extracts, w.scene.teacherExtractId])
      await w.send({ method: 'GET', url: `/api/extracts/${id}/content` });
  },
  'GET /api/notifications': async (w) => {
    await w.send({ method: 'GET', url: '/api/notifications?size=0' });
    await w.send({ method: 'GET', url: '/api/notifications?page=0&size=16' });
    await w.send({ method: 'GET', url: '/api/notifications?page=0&size=16&unread=true' });
  },
  'PUT /api/notifications/{id}': async (w) => {
    const list = await call(t, {
      method: 'GET',
      url: '/api/notifications?page=0&size=16',
      token: w.reader.token,
    });
    for (const notification of list.json().notifications as Doc[])
      await w.send({ method: 'PUT', url: `/api/notifications/${notification.id}`, payload: { read: true } });
  },
  'PUT /api/notifications': async (w) => {
    await w.send({ method: 'PUT', url: '/api/notifications', payload: { read: true } });
  },
  'GET /api/notifications/stream': walkStream,
  // D56: the cohort update's check names only fields the reader may read (the hidden one's rename, never).
  'POST /api/v2/trajectory-updates/check': async (w) => {
    await w.send({ method: 'POST', url: '/api/v2/trajectory-updates/check', payload: { ids: [w.scene.id] } });
  },
  // Last, in this order: they move the trajectory on or remove what the steps above read. The cohort
  // update moves it and its undo puts it back (the history then holds both), before the single update.
  'POST /api/v2/trajectory-updates': async (w) => {
    const preview = await call(t, { method: 'GET', url: `${w.base}/update`, token: w.scene.teacher.token });
    const run = await w.send({
      method: 'POST',
      url: '/api/v2/trajectory-updates',
      payload: { trajectories: [{ id: w.scene.id, version: preview.json().latestVersion }] },
    });
    await w.send({ method: 'GET', url: `${w.base}/form` });
    await walkFieldHistory(w, `${w.base}/form/history`);
    await w.send({
      method: 'DELETE',
      url: `/api/v2/trajectory-updates/${run.statusCode === 201 ? run.json().id : 999999}`,
    });
    await w.send({ method: 'GET', url: `${w.base}/form` });
    await walkFieldHistory(w, `${w.base}/form/history`);
  },
  // Walked with the update above: its undo.
  'DELETE /api/v2/trajectory-updates/{id}': async () => {},
  'PUT /api/v2/trajectories/{id}/update': async (w) => {
    const url = `${w.base}/update`;
    const preview = await call(t, { method: 'GET', url, token: w.scene.teacher.token });
    const version = preview.json().latestVersion;
    const moved = await w.send({ method: 'PUT', url, payload: { version } });
    if (moved.statusCode !== 200)
      await call(t, { method: 'PUT', url, token: w.scene.teacher.token, payload: { version } });
    // After the move (D10): the hidden field renamed, the hidden number removed, its values in the history only.
    await w.send({ method: 'GET', url: `${w.base}/form` });
    await w.send({ method: 'GET', url: `${w.base}/access` });
    await w.send({ method: 'GET', url });
    await walkFieldHistory(w, `${w.base}/form/history`);
    for (const key of [`${GEHEIM.name} 2025`, BONUS.name])
      await w.send({ method: 'GET', url: `/api/v2/trajectories/grouped?key=${encodeURIComponent(key)}` });
    await w.send({ method: 'GET', url: '/api/v2/trajectories/information-keys' });
  },
  'DELETE /api/v2/trajectories/{id}/reports/{reportId}': async (w) => {
    await w.send({ method: 'DELETE', url: `${w.base}/reports/${w.scene.reportId}` });
  },
  'DELETE /api/extracts/{id}': async (w) => {
    for (const id of [...w.extracts, w.scene.teacherExtractId])
      await w.send({ method: 'DELETE', url: `/api/extracts/${id}` });
  },
  'DELETE /api/v2/trajectories/{id}': async (w) => {
    await w.send({ method: 'DELETE', url: w.base });
  },
};
const LAST = [
  'POST /api/v2/trajectory-updates',
  'DELETE /api/v2/trajectory-updates/{id}',
  'PUT /api/v2/trajectories/{id}/update',
  'DELETE /api/v2/trajectories/{id}/reports/{reportId}',
  'DELETE /api/extracts/{id}',
  'DELETE /api/v2/trajectories/{id}',
];

/**
 * The routes the walk must cover: every operation whose path names a trajectory-related part. The
 * blueprint routes whose paths share those words are left out: blueprints are read by blueprint rights
 * (part 2 §6), not by a trajectory's field rights.
 */
const WALKED = /trajectories|trajectory-updates|reports|evaluations|history|notifications|extracts|progress/;
const NOT_WALKED = /^\/api\/blueprints\//;

async function walkEveryRoute(scene: Scene, who: Who): Promise<{ problems: string[]; walked: string[] }> {
  const walk = new Walk(scene, who, scene[who], secretsOf(who));
  const labels = (await operationsOf(t))
    .filter((op) => op.secured && WALKED.test(op.path) && !NOT_WALKED.test(op.path))
    .map((op) => `${op.method} ${op.path}`);
  for (const label of labels)
    if (!WALK[label]) walk.problems.push(`${label}: no walk step (add one to WALK)`);
  const ordered = [
    ...labels.filter((label) => !LAST.includes(label)),
    ...LAST.filter((label) => labels.includes(label)),
  ];
  for (const label of ordered) await WALK[label]?.(walk);
  return { problems: walk.problems, walked: ordered };
}

describe('a hidden field never reaches its reader, on any route (D18, D35, D39, D40)', () => {
  it('holds the secrets where the teacher may read them: the walk searches for something real', async () => {
    const scene = await buildSecretTrajectory(t);
    const as = (url: string) => call(t, { method: 'GET', url, token: scene.teacher.token });
    const form = await as(`${scene.base}/form`);
    for (const secret of [GEHEIM.uuid, GEHEIM.name, GEHEIM.values[2], BONUS.uuid, BONUS.name])
      expect(form.body, secret).toContain(secret);
    expect(form.json().values[BONUS.uuid]).toBe(BONUS.values[2]);
    expect(form.json().values[DUBBEL_SALARIS.uuid]).toBe(DUBBEL_SALARIS.expression);
    const report = await as(`${scene.base}/reports/${scene.reportId}`);
    for (const secret of [RAPPORT_GEHEIM.uuid, RAPPORT_GEHEIM.name, RAPPORT_GEHEIM.values[2]])
      expect(report.body, secret).toContain(secret);
    const history = await as(`${scene.base}/form/history?size=200`);
    for (const value of [...GEHEIM.values, ...BONUS.values.map(String)])
      expect(history.body).toContain(value);
    const preview = await as(`${scene.base}/update`);
    expect(preview.body).toContain(GEHEIM.name);
    const check = await call(t, {
      method: 'POST',
      url: '/api/v2/trajectory-updates/check',
      token: scene.teacher.token,
      payload: { ids: [scene.id] },
    });
    expect(check.body).toContain(GEHEIM.name);
    // After the move (D10) the removed hidden number's values are still in the history, for the teacher.
    const moved = await call(t, {
      method: 'PUT',
      url: `${scene.base}/update`,
      token: scene.teacher.token,
      payload: { version: preview.json().latestVersion },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await as(`${scene.base}/form/history?size=200`)).body).toContain(String(BONUS.values[2]));
  });

  it.each<Who>(['student', 'mentor'])(
    'walks every trajectory route as the %s: no value, name or uuid of a hidden field in any answer',
    async (who) => {
      const scene = await buildSecretTrajectory(t);
      const { problems, walked } = await walkEveryRoute(scene, who);
      expect(walked.length).toBeGreaterThanOrEqual(50);
      expect(problems).toEqual([]);
    },
  );
});

describe('a mentor link (issue 23) never carries a hidden field either', () => {
  it('walks every route with the session of a link to the student role: refused everywhere but its own routes, no secret anywhere', async () => {
    const scene = await buildSecretTrajectory(t);
    const email = `walk-link-${scene.id}@bedrijf.nl`;
    const invited = await call(t, {
      method: 'POST',
      url: `${scene.base}/mentor-links`,
      token: scene.teacher.token,
      payload: { email, name: 'Walk Mentor', role: 'Student' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const secret = new URL(t.mailer.linkTo(email, '/mentor')).hash.slice(1);
    await call(t, { method: 'POST', url: '/api/v2/mentor/code', payload: { secret } });
    const code = t.mailer.lastTo(email)!.subject.match(/\d{6}/)![0];
    const started = await call(t, {
      method: 'POST',
      url: '/api/v2/mentor/session',
      payload: { secret, code },
    });
    expect(started.statusCode, started.body).toBe(201);
    const link: Person = { id: 0, email, token: started.json().token };

    const walk = new Walk(scene, 'student', link, secretsOf('student'));
    const labels = (await operationsOf(t))
      .filter((op) => op.secured && WALKED.test(op.path) && !NOT_WALKED.test(op.path))
      .map((op) => `${op.method} ${op.path}`);
    const statuses = new Set<number>();
    const send = walk.send.bind(walk);
    walk.send = async (ask) => {
      const res = await send(ask);
      statuses.add(res.statusCode);
      return res;
    };
    let sent = 0;
    for (const label of labels) {
      try {
        await WALK[label]?.(walk);
      } catch {
        // The step reads something first to go on with (a list, an id): refused, so nothing more to walk.
      }
      sent++;
    }
    expect(sent).toBeGreaterThanOrEqual(50);
    // A mentor's session is no access token: every user route answers 401, whatever it names.
    expect([...statuses]).toEqual([401]);
    const own = await walk.send({ method: 'GET', url: '/api/v2/mentor/assessment' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().trajectory.id).toBe(scene.id);
    // The stream's step reads events as a signed-in reader would: refused at the door (401), it reads none.
    const stream = 'GET /api/notifications/stream as student';
    expect(walk.problems.filter((problem) => problem.startsWith(stream))).toEqual([
      `${stream}: 401`,
      `${stream}: no event read`,
    ]);
    expect(walk.problems.filter((problem) => !problem.startsWith(stream))).toEqual([]);
  });
});

describe('the calculation over a hidden field (D18, D40)', () => {
  it('shows the student the expression with the hidden reference as `$…`, the teacher the whole of it', async () => {
    const scene = await buildSecretTrajectory(t);
    const read = async (token: string) =>
      (await call(t, { method: 'GET', url: `${scene.base}/form`, token })).json().values;
    const students = await read(scene.student.token);
    expect(students[DUBBEL_SALARIS.uuid]).toBe('$… * 2');
    expect(students[DUBBELE_BONUS.uuid]).toBe('$… * 2');
    const teachers = await read(scene.teacher.token);
    expect(teachers[DUBBEL_SALARIS.uuid]).toBe(DUBBEL_SALARIS.expression);
  });
});

describe('the reader’s ETag and versions move only with what they see (D29, D39, D40)', () => {
  it.each<Who>(['student', 'mentor'])(
    'the %s’s form ETag, history version and unread count stay when only a hidden field changes',
    async (who) => {
      const scene = await buildSecretTrajectory(t);
      const reader = scene[who];
      const as = (url: string) => call(t, { method: 'GET', url, token: reader.token });
      const look = async () => {
        const form = await as(`${scene.base}/form`);
        const history = await as(`${scene.base}/form/history`);
        const unread = await as('/api/notifications?size=0');
        return {
          etag: form.headers.etag,
          form: form.json(),
          version: history.json().version,
          total: history.json().total,
          unread: unread.json().unread,
        };
      };
      const before = await look();
      const hiddenOnly = await call(t, {
        method: 'PATCH',
        url: `${scene.base}/form`,
        token: scene.teacher.token,
        payload: [
          { op: 'add', path: `/values/${GEHEIM.uuid}`, value: 'ZEER-GEHEIM-9999' },
          { op: 'add', path: `/values/${BONUS.uuid}`, value: 7719256 },
        ],
      });
      expect(hiddenOnly.statusCode, hiddenOnly.body).toBe(200);
      expect(await look()).toEqual(before);

      // A visible change moves them: the comparison above could fail.
      const visible = await call(t, {
        method: 'PATCH',
        url: `${scene.base}/form`,
        token: scene.teacher.token,
        payload: [{ op: 'add', path: '/values/naam', value: 'Sam de Vries-Jansen' }],
      });
      expect(visible.statusCode, visible.body).toBe(200);
      const after = await look();
      expect(after.etag).not.toBe(before.etag);
      expect(after.form.values.naam).toBe('Sam de Vries-Jansen');
    },
  );

  it('accepts the student’s save with the ETag they were given after a change they cannot see (no 409)', async () => {
    const scene = await buildSecretTrajectory(t);
    const url = `${scene.base}/form`;
    const etag = (await call(t, { method: 'GET', url, token: scene.student.token })).headers.etag as string;
    await call(t, {
      method: 'PATCH',
      url,
      token: scene.teacher.token,
      payload: [{ op: 'add', path: `/values/${GEHEIM.uuid}`, value: 'ZEER-GEHEIM-8888' }],
    });
    const saved = await call(t, {
      method: 'PATCH',
      url,
      token: scene.student.token,
      headers: { 'if-match': etag },
      payload: [{ op: 'add', path: '/values/motivatie', value: 'Met mijn versie' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A save the student does see still makes their version stale (D29).
    await call(t, {
      method: 'PATCH',
      url,
      token: scene.teacher.token,
      payload: [{ op: 'add', path: '/values/motivatie', value: 'Van de docent' }],
    });
    const stale = await call(t, {
      method: 'PATCH',
      url,
      token: scene.student.token,
      headers: { 'if-match': saved.headers.etag as string },
      payload: [{ op: 'add', path: '/values/motivatie', value: 'Te laat' }],
    });
    expect(stale.statusCode, stale.body).toBe(409);
  });

  it('lets the student restore with the versions their history gave them, after changes they cannot see (D29)', async () => {
    const scene = await buildSecretTrajectory(t);
    const url = `${scene.base}/form`;
    const teacherSaves = async (values: Record<string, unknown>) => {
      const res = await call(t, {
        method: 'PATCH',
        url,
        token: scene.teacher.token,
        payload: Object.entries(values).map(([uuid, value]) => ({
          op: 'add',
          path: `/values/${uuid}`,
          value,
        })),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await teacherSaves({ motivatie: 'Eerste versie' });
    await teacherSaves({ [GEHEIM.uuid]: 'ZEER-GEHEIM-7777' });
    await teacherSaves({ motivatie: 'Tweede versie' });
    await teacherSaves({ [BONUS.uuid]: 7719257 });
    const history = (
      await call(t, { method: 'GET', url: `${url}/history`, token: scene.student.token })
    ).json();
    const newest = history.content[0];
    expect(newest.changes[0]).toMatchObject({ before: 'Eerste versie', after: 'Tweede versie' });
    // "Before" is restored with the listed version − 1 (history.ts), under the page's version as If-Match.
    const restored = await call(t, {
      method: 'POST',
      url: `${url}/history/restore`,
      token: scene.student.token,
      headers: { 'if-match': `"${history.version}"` },
      payload: { version: newest.version - 1, field: 'motivatie' },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().changed).toBe(true);
    const values = (await call(t, { method: 'GET', url, token: scene.teacher.token })).json().values;
    expect(values.motivatie).toBe('Eerste versie');
    expect(values[GEHEIM.uuid]).toBe('ZEER-GEHEIM-7777');
  });

  it('the student’s report ETag and report history version stay when only the report’s hidden field changes', async () => {
    const scene = await buildSecretTrajectory(t);
    const url = `${scene.base}/reports/${scene.reportId}`;
    const look = async () => {
      const report = await call(t, { method: 'GET', url, token: scene.student.token });
      const history = await call(t, { method: 'GET', url: `${url}/history`, token: scene.student.token });
      return { etag: report.headers.etag, values: report.json().values, version: history.json().version };
    };
    const before = await look();
    const hiddenOnly = await call(t, {
      method: 'PATCH',
      url,
      token: scene.teacher.token,
      payload: [{ op: 'add', path: `/values/${RAPPORT_GEHEIM.uuid}`, value: 'VERTROUWELIJK-RAPPORT-9999' }],
    });
    expect(hiddenOnly.statusCode, hiddenOnly.body).toBe(200);
    expect(await look()).toEqual(before);
  });
});

describe('PATCH …/information is no back door to the form (D40)', () => {
  /** The form as the teacher reads it, the stored map and the form's event count: what must not change. */
  async function state(scene: Scene) {
    const form = await call(t, { method: 'GET', url: `${scene.base}/form`, token: scene.teacher.token });
    const row = await t.ctx.db
      .selectFrom('trajectories')
      .select(['information', 'form_document_id'])
      .where('id', '=', scene.id)
      .executeTakeFirstOrThrow();
    const events = await t.ctx.db
      .selectFrom('document_events')
      .select('version')
      .where('document_id', '=', row.form_document_id)
      .execute();
    return {
      etag: form.headers.etag,
      values: form.json().values,
      information: row.information,
      events: events.length,
    };
  }

  const information = (scene: Scene, token: string, payload: unknown[]) =>
    call(t, { method: 'PATCH', url: `${scene.base}/information`, token, payload: payload as object });

  it.each<[string, unknown[], number]>([
    ['the hidden field’s name', [{ op: 'add', path: `/${GEHEIM.name}`, value: 'OVERSCHREVEN' }], 403],
    ['the hidden number’s name', [{ op: 'add', path: `/${BONUS.name}`, value: '1' }], 403],
    ['the read-only name', [{ op: 'add', path: '/Naam', value: 'Overschreven naam' }], 403],
    [
      'a field the mentor reads but may not write',
      [{ op: 'add', path: '/Motivatie', value: 'Van de mentor' }],
      403,
    ],
    [
      'a field name in another letter case and spacing (D14)',
      [{ op: 'replace', path: '/ salarisgeheim ', value: 'x' }],
      403,
    ],
    [
      'a field name after a map key',
      [
        { op: 'add', path: '/Klas', value: '4C' },
        { op: 'add', path: `/${GEHEIM.name}`, value: 'OVERSCHREVEN' },
      ],
      403,
    ],
    [
      'the root',
      [{ op: 'replace', path: '', value: { [GEHEIM.name]: 'OVERSCHREVEN', Naam: 'Overschreven' } }],
      400,
    ],
    ['the root as "/"', [{ op: 'replace', path: '/', value: { [GEHEIM.name]: 'OVERSCHREVEN' } }], 400],
  ])('refuses the mentor’s patch of %s and changes nothing', async (_name, payload, status) => {
    const scene = await buildSecretTrajectory(t);
    const before = await state(scene);
    const res = await information(scene, scene.mentor.token, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(await state(scene)).toEqual(before);
  });

  it('refuses the teacher too: the map never writes a form field, whoever may write the field', async () => {
    const scene = await buildSecretTrajectory(t);
    const before = await state(scene);
    const res = await information(scene, scene.teacher.token, [
      { op: 'add', path: '/Naam', value: 'Via de kaart' },
    ]);
    expect(res.statusCode, res.body).toBe(403);
    expect(await state(scene)).toEqual(before);
  });

  it('lets the mentor (METADATA) change a key of the map alone, and keeps no form field in the map', async () => {
    const scene = await buildSecretTrajectory(t);
    const before = await state(scene);
    const res = await information(scene, scene.mentor.token, [{ op: 'replace', path: '/Klas', value: '4C' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Klas: '4C', Mentorgroep: 'M2' });
    const after = await state(scene);
    expect(after.values).toEqual(before.values);
    expect(after.events).toBe(before.events);
    // D40 at creation: the column naming the hidden field filled the field and stayed out of the map.
    expect(after.information).toEqual({ Klas: '4C', Mentorgroep: 'M2' });
  });
});

describe('the grouped list and its keys (D34, D40)', () => {
  const grouped = (token: string, key: string) =>
    call(t, { method: 'GET', url: `/api/v2/trajectories/grouped?key=${encodeURIComponent(key)}`, token });
  const groupOf = (body: Doc[], id: number) =>
    body.find((group) => group.trajectories.some((item: { id: number }) => item.id === id))?.value;

  it('puts the trajectory in Uncategorised for a reader grouping by a field hidden from them, in any spelling', async () => {
    const scene = await buildSecretTrajectory(t);
    for (const who of ['student', 'mentor'] as const)
      for (const key of [GEHEIM.name, ` ${GEHEIM.name.toUpperCase()} `, BONUS.name]) {
        const res = await grouped(scene[who].token, key);
        expect(res.statusCode, res.body).toBe(200);
        expect(groupOf(res.json(), scene.id), `${who} ${key}`).toBeNull();
        expect(secretsIn(res.body, secretsOf(who)), `${who} ${key}`).toEqual([]);
      }
  });

  it('groups by a form field’s value as the reader may read it: the teacher by the hidden one, the student by the name', async () => {
    const scene = await buildSecretTrajectory(t);
    expect(groupOf((await grouped(scene.teacher.token, GEHEIM.name)).json(), scene.id)).toBe(
      GEHEIM.values[2],
    );
    expect(groupOf((await grouped(scene.student.token, 'Naam')).json(), scene.id)).toBe(NAAM);
    expect(groupOf((await grouped(scene.student.token, 'Klas')).json(), scene.id)).toBe('3B');
  });

  it('offers as keys the map’s keys and the readable top-level fields, never a hidden one', async () => {
    const scene = await buildSecretTrajectory(t);
    const keys = async (token: string) =>
      (
        await call(t, { method: 'GET', url: '/api/v2/trajectories/information-keys', token })
      ).json() as string[];
    const students = await keys(scene.student.token);
    expect(students).toEqual(expect.arrayContaining(['Klas', 'Mentorgroep', 'Naam', 'Motivatie']));
    expect(students).not.toContain(GEHEIM.name);
    expect(students).not.toContain(BONUS.name);
    expect(await keys(scene.teacher.token)).toEqual(expect.arrayContaining([GEHEIM.name, 'Klas', 'Naam']));
  });
});

describe('the access section (D35)', () => {
  it('lists to a reader without RIGHTS only the fields they may read, in the fields and in every role’s table', async () => {
    const scene = await buildSecretTrajectory(t);
    for (const who of ['student', 'mentor', 'reader'] as const) {
      const res = await call(t, { method: 'GET', url: `${scene.base}/access`, token: scene[who].token });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      const body = res.json();
      const hiddenForm = who === 'reader' ? [] : [GEHEIM.uuid, BONUS.uuid];
      const fields = body.fields.map((f: { uuid: string }) => f.uuid);
      for (const uuid of hiddenForm) expect(fields, `${who}: fields`).not.toContain(uuid);
      expect(body.reportBlueprints, who).toEqual([]);
      for (const role of body.roles as Doc[]) {
        for (const uuid of hiddenForm)
          expect(Object.keys(role.informationRights), `${who}: ${role.name}`).not.toContain(uuid);
        const reportKeys = Object.values(role.reportRights as Record<string, object>).flatMap(Object.keys);
        // The student may not read the report's hidden field; the mentor no field of the report.
        const hiddenReport =
          who === 'student'
            ? [RAPPORT_GEHEIM.uuid]
            : who === 'mentor'
              ? [RAPPORT_GEHEIM.uuid, REFLECTIE.uuid]
              : [];
        for (const uuid of hiddenReport)
          expect(reportKeys, `${who}: ${role.name} report rights`).not.toContain(uuid);
      }
    }
  });

  it('lists every field to the holder of RIGHTS, who must see them all to assign them', async () => {
    const scene = await buildSecretTrajectory(t);
    const res = await call(t, { method: 'GET', url: `${scene.base}/access`, token: scene.teacher.token });
    const body = res.json();
    expect(body.fields.map((f: { uuid: string }) => f.uuid)).toEqual(
      expect.arrayContaining([GEHEIM.uuid, BONUS.uuid]),
    );
    expect(body.reportBlueprints.map((r: { name: string }) => r.name)).toEqual([VERSLAG]);
    expect(res.body).not.toContain(GEHEIM.values[2]);
  });
});
