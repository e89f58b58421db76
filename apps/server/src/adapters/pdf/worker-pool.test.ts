import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../i18n/catalogue.ts';
import { type CreditDocumentInput, creditPdfTask } from '../../modules/credits/documents.ts';
import { extractPdfTask } from '../../modules/extracts/pdf/render.ts';
import {
  evaluationView,
  extractSettings,
  informationForm,
  logoPng,
} from '../../modules/extracts/pdf/test-fixture.ts';
import { type PdfTask, PdfWorkerPool, workerExecArgv } from './worker-pool.ts';

/**
 * The PDF worker pool: PDFs drawn in a worker thread, requests queued, a dead worker replaced. It draws
 * with the builders of the extract and the credit documents, the PDFs the application has.
 */

const webPublicDir = join(import.meta.dirname, '../../../../web/public');
const texts = catalogue(join(webPublicDir, 'locales'));

function extractTask(competences: number, level: 3 | 4 = 3): PdfTask {
  return extractPdfTask({
    localesDir: texts.dir,
    input: {
      settings: extractSettings({ level }),
      logo: { bytes: logoPng(), type: 'image/png' },
      trajectory: { name: 'BPV 2025-2026' },
      form: informationForm('Anna de Vries'),
      evaluation: evaluationView(competences),
      generated: new Date('2026-03-14T10:00:00Z'),
      language: 'nl',
    },
  });
}

const party = {
  name: 'Demoschool',
  street_name: 'Schoolstraat',
  street_number: '1',
  postal_code: '1234 AB',
  city: 'Utrecht',
  country: 'NL',
  vat_identification: null,
  email: 'school@example.test',
};
const invoice: CreditDocumentInput = {
  kind: 'invoice',
  number: '2026-0001',
  date: new Date('2026-03-14T10:00:00Z'),
  seller: party,
  buyer: party,
  reference: null,
  creditsCents: 10_000,
  discountPercent: 0,
  discountCents: 0,
  netCents: 10_000,
  vatPercent: 21,
  vatCents: 2_100,
  totalCents: 12_100,
  language: 'en',
  timeZone: 'Europe/Amsterdam',
};

const isPdf = (pdf: Buffer) =>
  pdf.subarray(0, 5).toString('latin1') === '%PDF-' && pdf.subarray(-8).toString('latin1').includes('%%EOF');

const pools: PdfWorkerPool[] = [];
function pool(...options: ConstructorParameters<typeof PdfWorkerPool>): PdfWorkerPool {
  const made = new PdfWorkerPool(...options);
  pools.push(made);
  return made;
}
afterAll(async () => {
  for (const made of pools) await made.close();
});

describe('PdfWorkerPool', () => {
  it('draws an extract and an invoice in its worker, one worker for both', async () => {
    const workers = pool();
    expect(workers.workers).toBe(0);
    const extract = await workers.draw(extractTask(20));
    expect(isPdf(extract)).toBe(true);
    expect(extract.toString('latin1')).toContain('/Type /Page');
    const pdf = await workers.draw(creditPdfTask({ webPublicDir, input: invoice }));
    expect(isPdf(pdf)).toBe(true);
    expect(workers.workers).toBe(1);
  });

  it('queues requests made at once and answers each with its own PDF', async () => {
    const workers = pool();
    const [small, large] = await Promise.all([workers.draw(extractTask(5)), workers.draw(extractTask(60))]);
    expect(isPdf(small)).toBe(true);
    expect(isPdf(large)).toBe(true);
    expect(large.length).toBeGreaterThan(small.length);
    expect(workers.workers).toBe(1);
  });

  it('fails a request that is wrong without losing its worker', async () => {
    const workers = pool();
    const broken = { ...extractTask(5), input: { localesDir: texts.dir, input: {} } };
    await expect(workers.draw(broken)).rejects.toThrow(Error);
    const noBuilder = { builder: new URL('./render.ts', import.meta.url).href, input: {} };
    await expect(workers.draw(noBuilder)).rejects.toThrow(/exports no drawPdf/);
    expect(isPdf(await workers.draw(extractTask(5)))).toBe(true);
    expect(workers.workers).toBe(1);
  });

  it('fails the request whose worker reaches its heap limit; the next one gets a fresh worker', async () => {
    // 48 MB draws a small extract (measured: it fails at 24 MB) but not 3,000 competences at level 4.
    const workers = pool({ resourceLimits: { maxOldGenerationSizeMb: 48 } });
    const huge = workers.draw(extractTask(3000, 4));
    const next = workers.draw(extractTask(5));
    await expect(huge).rejects.toThrow(/PDF worker stopped while drawing \(ERR_WORKER_OUT_OF_MEMORY/);
    expect(isPdf(await next)).toBe(true);
    expect(workers.workers).toBe(1);
  });

  it('close() ends the worker and fails what is waiting; a later request starts afresh', async () => {
    const workers = pool();
    expect(isPdf(await workers.draw(extractTask(5)))).toBe(true);
    const drawing = expect(workers.draw(extractTask(100))).rejects.toThrow('the PDF workers were closed');
    const waiting = expect(workers.draw(extractTask(5))).rejects.toThrow('the PDF workers were closed');
    await workers.close();
    expect(workers.workers).toBe(0);
    await drawing;
    await waiting;
    expect(isPdf(await workers.draw(extractTask(5)))).toBe(true);
    await workers.close();
    expect(workers.workers).toBe(0);
  });
});

describe('the worker’s flags', () => {
  // `npm run serve` starts node with `--conditions=groeipad-built --max-semi-space-size=8` (package.json);
  // the built server's worker takes the process's flags, and Node refuses V8 heap flags for a worker.
  const serveFlags = ['--conditions=groeipad-built', '--max-semi-space-size=8'];
  // A worker that answers as the PDF worker does, with a tiny "PDF" holding the flags it was given.
  const echo = new URL(
    `data:text/javascript,${encodeURIComponent(`
      import { parentPort } from 'node:worker_threads';
      parentPort.on('message', ({ id }) => {
        const pdf = new TextEncoder().encode('%PDF-' + JSON.stringify(process.execArgv) + '%%EOF').buffer;
        parentPort.postMessage({ id, pdf }, [pdf]);
      });`)}`,
  );

  it('Node refuses the flags of `npm run serve` for a worker thread', () => {
    expect(() => new Worker(echo, { execArgv: serveFlags })).toThrow(
      expect.objectContaining({ code: 'ERR_WORKER_INVALID_EXEC_ARGV' }),
    );
  });

  it('the pool gives its worker only the flags a worker accepts, and the worker draws', async () => {
    const workers = pool({ entry: echo, parentExecArgv: serveFlags });
    const pdf = (await workers.draw({ builder: 'none', input: null })).toString('latin1');
    expect(pdf).toBe('%PDF-["--conditions=groeipad-built"]%%EOF');
  });

  it('keeps conditions, imports and requires in both spellings and drops the rest', () => {
    expect(
      workerExecArgv([
        '--max-semi-space-size=8',
        '-C',
        'groeipad-built',
        '--import',
        'tsx',
        '--require=./a.cjs',
        '-r',
        './b.cjs',
        '--max-old-space-size',
        '512',
        '--enable-source-maps',
        '--stack-size=2000',
      ]),
    ).toEqual([
      '-C',
      'groeipad-built',
      '--import',
      'tsx',
      '--require=./a.cjs',
      '-r',
      './b.cjs',
      '--enable-source-maps',
    ]);
  });
});
