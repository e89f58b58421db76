import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const fontDir = join(
  dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);
const FONT_FILES = {
  normal: join(fontDir, 'Roboto-Regular.ttf'),
  bold: join(fontDir, 'Roboto-Medium.ttf'),
  italics: join(fontDir, 'Roboto-Italic.ttf'),
  bolditalics: join(fontDir, 'Roboto-MediumItalic.ttf'),
};
const ALLOWED_FILES = new Set(Object.values(FONT_FILES));

/** pdfmake, loaded on first use: a thread that only sends PDFs to the worker never loads it. */
let pdfMakeLoaded: Promise<typeof import('pdfmake')> | null = null;

/**
 * Renders a pdfmake document to bytes with the bundled Roboto fonts, in this thread (the PDF worker's
 * builders call it; a definition holds functions, so it cannot be sent to the worker). Nothing is
 * fetched: every URL is refused and only the four font files may be read from disk (a document can name
 * neither).
 */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  pdfMakeLoaded ??= import('pdfmake').then((loaded) => loaded.default);
  const pdfMake = await pdfMakeLoaded;
  // pdfmake is one shared object: set its fonts and policies right before each use.
  pdfMake.setFonts({ Roboto: { ...FONT_FILES } });
  pdfMake.setUrlAccessPolicy(() => false);
  pdfMake.setLocalAccessPolicy((path) => ALLOWED_FILES.has(path));
  return pdfMake.createPdf(definition).getBuffer();
}
