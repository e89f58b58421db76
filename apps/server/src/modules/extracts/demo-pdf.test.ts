import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Criterion, zExtractBlueprintContent } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../seed/demo.ts';
import { inkShare, type Raster, readPng } from './pdf/test-png.ts';

/**
 * Issue 21 "Done when": the demo's progress report as a teacher makes it, rendered to PNG and looked at.
 * The demo is seeded, a teacher scores every competence of a trajectory with a remark (marking none as
 * achieved, as the issue found it), and the demo's extract blueprint makes the PDF: each remark is
 * printed, "achieved" does not read as nothing achieved, the score colours are ten distinct ones and
 * each of the scale's is drawn, and no page but the last is less than a third full. PDF_PAGES_DIR keeps
 * the page images for a look.
 */

const work = mkdtempSync(join(tmpdir(), 'demo-extract-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { emptyDatabase: true });
  expect(await seedDemo(t.ctx)).toBe(true);
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

function poppler(tool: string, args: string[]): string {
  return execFileSync(`/usr/bin/${tool}`, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Paths of the competences in the evaluation's tree, as a PATCH names them. */
function competencePaths(criteria: readonly Criterion[], parent = ''): { path: string; name: string }[] {
  return criteria.flatMap((criterion, index) => {
    const path = parent === '' ? `/criteria/${index}` : `${parent}/subsections/${index}`;
    return criterion.type === 'competence'
      ? [{ path, name: criterion.name }]
      : competencePaths(criterion.subsections, path);
  });
}

const remarkOf = (index: number) =>
  index % 5 === 0
    ? `Opmerking ${index + 1}: werkt zorgvuldig en overlegt op tijd met de collega's op de afdeling. Volgende periode oefenen met rapporteren in het dossier, samen met de praktijkopleider.`
    : `Opmerking ${index + 1}: goed op weg.`;

/** The share of a page's content height (between header and footer bands) down to its last ink. */
function pageFill(raster: Raster): number {
  const scale = raster.height / 841.89;
  const top = Math.round(64 * scale);
  const bottom = Math.round((841.89 - 58) * scale);
  let last = top;
  for (let y = top; y < bottom; y++) if (inkShare(raster, y, y + 1) > 0) last = y;
  return (last - top) / (bottom - top);
}

/** How many pixels of a page have exactly this colour (± 3 a channel): swatches and bars are flat. */
function pixelsOf(raster: Raster, [red, green, blue]: readonly number[]): number {
  let count = 0;
  for (let at = 0; at + 2 < raster.pixels.length; at += raster.channels) {
    const dr = Math.abs((raster.pixels[at] ?? 0) - (red ?? 0));
    const dg = Math.abs((raster.pixels[at + 1] ?? 0) - (green ?? 0));
    const db = Math.abs((raster.pixels[at + 2] ?? 0) - (blue ?? 0));
    if (dr <= 3 && dg <= 3 && db <= 3) count++;
  }
  return count;
}

describe('the demo’s progress report (issue 21)', () => {
  it('prints every remark, words achieved honestly, uses distinct colours and leaves no page mostly empty', async () => {
    const owner = DEMO_USERS.find((user) => user.role === 'OWNER')!;
    const organisation = await t.ctx.db
      .selectFrom('organisations')
      .select('id')
      .where('name', '=', 'Demoschool De Groeiboom')
      .executeTakeFirstOrThrow();
    const first = await login(t, owner.email, DEMO_PASSWORD);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { email: owner.email, refreshToken: first.refreshToken, organisationId: organisation.id },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const token = refreshed.json().accessToken as string;

    // The extract blueprint of the demo: ten distinct colours (D50), far enough apart to tell.
    const blueprint = await t.ctx.db
      .selectFrom('blueprints as b')
      .innerJoin('documents as d', 'd.id', 'b.document_id')
      .select(['b.id', 'd.content'])
      .where('b.organisation_id', '=', organisation.id)
      .where('b.type', '=', 'EXTRACT')
      .executeTakeFirstOrThrow();
    const settings = zExtractBlueprintContent.parse(blueprint.content);
    expect(settings.showRemarks).toBe(true);
    const colours = settings.scoreColours;
    for (const [i, a] of colours.entries())
      for (const b of colours.slice(i + 1)) {
        const distance = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
        expect(distance, `${a} and ${b}`).toBeGreaterThan(60);
      }

    // A teacher scores every competence of the first trajectory with a remark, marking none achieved.
    const trajectories = (await call(t, { method: 'GET', url: '/api/v2/trajectories', token })).json() as {
      id: number;
      name: string;
    }[];
    const trajectory = trajectories[0]!;
    const evaluation = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${trajectory.id}/evaluations`,
      token,
    });
    expect(evaluation.statusCode, evaluation.body).toBe(200);
    const competences = competencePaths(evaluation.json().criteria);
    expect(competences.length).toBeGreaterThanOrEqual(20);
    const scale = evaluation.json().maxScore as number;
    const patch = competences.map((competence, index) => ({
      op: 'add',
      path: `${competence.path}/properties/${new Date(Date.UTC(2026, 1, 10, 9, 0, index)).toISOString()}`,
      value: { score: String(1 + (index % scale)), date: '10/02/2026', remarks: remarkOf(index) },
    }));
    const saved = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${trajectory.id}/evaluations`,
      token,
      payload: patch,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The demo's blueprint as it is (remarks on), and with the remarks switched off (the PDF).
    for (const remarks of [true, false]) {
      if (!remarks) {
        const off = await call(t, {
          method: 'PATCH',
          url: `/api/blueprints/extracts/${blueprint.id}/content`,
          token,
          payload: [{ op: 'replace', path: '/showRemarks', value: false }],
        });
        expect(off.statusCode, off.body).toBe(200);
      }
      const name = remarks ? 'remarks' : 'plain';
      const made = await call(t, {
        method: 'POST',
        url: '/api/extracts',
        token,
        payload: { name: 'Voortgang', extract: blueprint.id, trajectories: [trajectory.id] },
      });
      expect(made.statusCode, made.body).toBe(202);
      const pdf = await call(t, { method: 'GET', url: `/api/extracts/${made.json()[0].id}/content`, token });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      const file = join(work, `${name}.pdf`);
      writeFileSync(file, pdf.rawPayload);

      // Every remark is there (pdftotext breaks lines: compare without white space and soft breaks).
      const flat = (text: string) => text.replace(/[\s\u200b]+/g, '');
      const text = flat(poppler('pdftotext', [file, '-']));
      for (const index of competences.keys())
        expect(text.includes(flat(remarkOf(index))), `remark ${index + 1}`).toBe(remarks);
      expect(text.includes(flat('Opmerkingen:'))).toBe(remarks);
      // Scored but nothing marked: said so, never "0 van 30".
      expect(text).toContain(flat('Nog geen competentie als behaald gemarkeerd'));
      expect(text).not.toMatch(/(^|[^\d])0van\d+/);

      // The pages: none but the last less than a third full; every score colour of the scale drawn.
      poppler('pdftoppm', ['-r', '60', '-png', file, join(work, name)]);
      const pages = readdirSync(work)
        .filter((page) => page.startsWith(`${name}-`) && page.endsWith('.png'))
        .sort();
      expect(pages.length).toBeGreaterThanOrEqual(2);
      const rasters = pages.map((page) => readPng(readFileSync(join(work, page))));
      const fills = rasters.map(pageFill);
      console.log(
        `[demo extract, ${name}] ${pages.length} pages, filled ${fills.map((f) => f.toFixed(2)).join(' ')}`,
      );
      for (const [index, fill] of fills.slice(0, -1).entries())
        expect(fill, `${name}: page ${index + 1} of ${pages.length}`).toBeGreaterThan(1 / 3);
      for (const colour of colours.slice(0, scale)) {
        const drawn = rasters.reduce((sum, raster) => sum + pixelsOf(raster, colour), 0);
        expect(drawn, `colour ${colour}`).toBeGreaterThan(20);
      }
      if (process.env.PDF_PAGES_DIR) {
        mkdirSync(process.env.PDF_PAGES_DIR, { recursive: true });
        copyFileSync(file, join(process.env.PDF_PAGES_DIR, `demo-${name}.pdf`));
        for (const page of pages)
          copyFileSync(join(work, page), join(process.env.PDF_PAGES_DIR, `demo-${page}`));
      }
    }
  });
});
