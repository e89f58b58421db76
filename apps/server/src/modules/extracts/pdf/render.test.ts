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
import type { Language } from '@groeipad/core';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../../i18n/catalogue.ts';
import { logoDataUrl, renderExtractPdf } from './render.ts';
import { evaluationView, extractSettings, informationForm, logoPng } from './test-fixture.ts';
import { inkShare, readPng } from './test-png.ts';

/**
 * Issue 10 "Done when": the PDF of a trajectory with 200 competences is rendered to PNG with
 * poppler's pdftoppm and the pages are checked: page count, the title extracted with pdftotext, the
 * labels in the requested language, no blank page, no heading left alone at the foot of a page.
 * Set PDF_PAGES_DIR to keep the page images of the Dutch and the English run for a look.
 */

const texts = catalogue(join(import.meta.dirname, '../../../../../web/public/locales'));
const work = mkdtempSync(join(tmpdir(), 'extract-pdf-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TITLE = 'Voortgangsrapport beroepspraktijkvorming';
const DUTCH = [
  'Voortgang van activiteiten en competenties',
  'Competentie',
  'Behaald',
  'Ondertekening',
  'Klassendocent',
  'Ouder of verzorger',
  'Gemaakt op 14/03/2026',
];
const ENGLISH = [
  'Progress of activities and competences',
  'Competence',
  'Achieved',
  'Signatures',
  'Class teacher',
  'Parent or guardian',
  'Made on 14/03/2026',
];

interface Case {
  name: string;
  level: 3 | 4;
  chartVariant: 'new' | 'old';
  language: Language;
  logo: boolean;
  /** Keep the page images when PDF_PAGES_DIR is set. */
  keep: boolean;
}

const CASES: Case[] = [
  { name: 'nl-level3-new-logo', level: 3, chartVariant: 'new', language: 'nl', logo: true, keep: true },
  { name: 'en-level4-old', level: 4, chartVariant: 'old', language: 'en', logo: false, keep: true },
  { name: 'en-level3-old-logo', level: 3, chartVariant: 'old', language: 'en', logo: true, keep: false },
  { name: 'nl-level4-new', level: 4, chartVariant: 'new', language: 'nl', logo: false, keep: false },
];

const pageCounts = new Map<string, number>();

function poppler(tool: string, args: string[]): string {
  return execFileSync(`/usr/bin/${tool}`, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

describe('the extract PDF of 200 competences, as pages', () => {
  it.each(CASES)(
    '$name: sane page count, title and labels, logo, no blank page, no orphaned heading',
    async (c) => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const pdf = await renderExtractPdf({
        settings: extractSettings({ level: c.level, chartVariant: c.chartVariant }),
        logo: c.logo ? { bytes: logoPng(), type: 'image/png' } : null,
        trajectory: { name: 'BPV 2025-2026' },
        form: informationForm('Anna de Vries'),
        evaluation: evaluationView(200),
        generated: new Date('2026-03-14T10:00:00Z'),
        language: c.language,
        texts,
      });
      const renderMs = Math.round(performance.now() - started);
      const used = process.cpuUsage(cpu);
      const cpuMs = Math.round((used.user + used.system) / 1000);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const file = join(work, `${c.name}.pdf`);
      writeFileSync(file, pdf);
      const prefix = join(work, c.name);
      poppler('pdftoppm', ['-r', '50', '-png', file, prefix]);
      const pages = readdirSync(work)
        .filter((name) => name.startsWith(`${c.name}-`) && name.endsWith('.png'))
        .sort();
      pageCounts.set(c.name, pages.length);
      console.log(
        `[extract pdf] ${c.name}: ${pages.length} pages, rendered in ${renderMs} ms (${cpuMs} ms CPU)`,
      );

      // A4 pages, 8 to 40 of them for 200 competences.
      expect(pages.length).toBeGreaterThanOrEqual(8);
      expect(pages.length).toBeLessThanOrEqual(40);
      const info = poppler('pdfinfo', [file]);
      expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
      expect(info).toMatch(new RegExp(`Title:\\s+${TITLE}\\n`));

      const text = poppler('pdftotext', [file, '-']);
      expect(text).toContain(TITLE);
      expect(text).toContain('Anna de Vries');
      expect(text).toContain('Demoschool De Groeiboom');
      const [own, other] = c.language === 'nl' ? [DUTCH, ENGLISH] : [ENGLISH, DUTCH];
      for (const label of own) expect(text, label).toContain(label);
      for (const label of other.slice(0, 1).concat(other.slice(4, 6)))
        expect(text, label).not.toContain(label);
      expect(text).toContain(
        c.language === 'nl' ? `Pagina 1 van ${pages.length}` : `Page 1 of ${pages.length}`,
      );
      expect(text).toContain(c.language === 'nl' ? 'Scoreoverzicht' : 'Score overview');
      // Numbered sections: the first and the last competence of the 200 are there.
      expect(text).toMatch(/1\.1\.1/);
      expect(text).toMatch(/8\.2\.2/);
      // Level 4 adds each competence's description.
      expect(text.includes('kwalificatiedossier')).toBe(c.level === 4);

      const images = poppler('pdfimages', ['-list', file]).trim().split('\n').length - 2;
      expect(images).toBe(c.logo ? 1 : 0);

      // Every page draws something in its content area (between the header and footer bands); the
      // last may hold the signature lines alone (under 1 % ink at this resolution).
      for (const page of pages) {
        const raster = readPng(readFileSync(join(work, page)));
        const scale = raster.height / 841.89;
        const share = inkShare(raster, Math.round(64 * scale), Math.round((841.89 - 58) * scale));
        expect(share, `${page} ink`).toBeGreaterThan(page === pages.at(-1) ? 0.005 : 0.01);
        if (c.keep && process.env.PDF_PAGES_DIR) {
          mkdirSync(process.env.PDF_PAGES_DIR, { recursive: true });
          copyFileSync(join(work, page), join(process.env.PDF_PAGES_DIR, page));
        }
      }

      // No page ends with a cluster heading or its counts: the content of each is under it.
      const cluster = /^\s*\d+\s+\S/;
      const counts = /\d+ (competenties|competences)\s*(·.*)?$/;
      const laidOut = poppler('pdftotext', ['-layout', file, '-']).split('\f').slice(0, pages.length);
      expect(laidOut).toHaveLength(pages.length);
      laidOut.forEach((page, index) => {
        const lines = page.split('\n').filter((line) => line.trim() !== '');
        const last = lines.at(-2) ?? ''; // the footer is the last line
        expect(cluster.test(last) || counts.test(last), `page ${index + 1} ends with "${last.trim()}"`).toBe(
          false,
        );
      });
    },
  );

  it('level 4 takes more pages than level 3 for the same competences', () => {
    const level3 = pageCounts.get('nl-level3-new-logo') ?? 0;
    const level4 = pageCounts.get('nl-level4-new') ?? 0;
    expect(level3).toBeGreaterThan(0);
    expect(level4).toBeGreaterThan(level3);
  });

  it('a logo that is not a PNG or a JPEG is left out instead of failing the extract', async () => {
    expect(logoDataUrl({ bytes: Buffer.from('<svg/>') })).toBeNull();
    expect(logoDataUrl({ bytes: logoPng() })).toMatch(/^data:image\/png;base64,/);
    expect(logoDataUrl({ bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]) })).toMatch(
      /^data:image\/jpeg;/,
    );
    // A PNG signature on broken data: pdfmake fails on it, the extract is drawn without the logo.
    const broken = Buffer.concat([logoPng().subarray(0, 8), Buffer.from('broken image data')]);
    const pdf = await renderExtractPdf({
      settings: extractSettings(),
      logo: { bytes: broken },
      trajectory: { name: 'BPV' },
      studentName: 'Anna',
      evaluation: evaluationView(5),
      generated: new Date('2026-03-14T10:00:00Z'),
      texts,
    });
    const file = join(work, 'broken-logo.pdf');
    writeFileSync(file, pdf);
    expect(poppler('pdftotext', [file, '-'])).toContain('Voortgang van activiteiten en competenties');
    expect(poppler('pdfimages', ['-list', file]).trim().split('\n')).toHaveLength(2);
  });
});
