import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language } from '@groeipad/core';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Catalogue } from '../../../i18n/catalogue.ts';
import { extractDocument } from './document.ts';
import { extractPdfLabels } from './labels.ts';
import { extractReport, type ModelInput } from './model.ts';
import { pdfWorkers } from './worker-pool.ts';

/** The extract's logo (D32), read by the caller through the storage adapter. */
export interface ExtractLogo {
  bytes: Uint8Array;
  /** The resource's media type; the bytes decide all the same. */
  type?: string;
}

export interface ExtractPdfInput extends ModelInput {
  logo?: ExtractLogo | null;
  /** The requesting user's language; Dutch when unknown (D28). */
  language?: Language | null;
  /** The server's texts (`serverTexts(config)`). */
  texts: Catalogue;
}

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
 * Renders a pdfmake document to bytes with the bundled Roboto fonts, in this thread (the PDF worker
 * calls it; a definition holds functions, so it cannot be sent to the worker). Nothing is fetched:
 * every URL is refused and only the four font files may be read from disk (a document can name neither).
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

/** The logo as a data URL when its bytes are a PNG or a JPEG (D32); null otherwise. */
export function logoDataUrl(logo: ExtractLogo | null | undefined): string | null {
  if (!logo || logo.bytes.length < 8) return null;
  const bytes = Buffer.from(logo.bytes.buffer, logo.bytes.byteOffset, logo.bytes.byteLength);
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) return null;
  return `data:${png ? 'image/png' : 'image/jpeg'};base64,${bytes.toString('base64')}`;
}

/** The document definition of an extract (also what the benchmark renders with pdfmake alone). */
export function extractPdfDefinition(
  input: ExtractPdfInput,
  logo = logoDataUrl(input.logo),
): TDocumentDefinitions {
  const language: Language = input.language === 'en' ? 'en' : 'nl';
  return extractDocument(extractReport(input), extractPdfLabels(input.texts, language), { logo }, language);
}

/**
 * The PDF of one extract (issue 10; spec part 2 §9; D36), drawn in the PDF worker (`worker-pool.ts`):
 * pdfmake's garbage stays in the worker's bounded heap and the event loop keeps answering meanwhile.
 * The input holds only what the requesting user may read; nothing here reads the database. It goes to
 * the worker as plain data, the texts as the folder they were read from.
 */
export function renderExtractPdf(input: ExtractPdfInput): Promise<Buffer> {
  const { texts, ...rest } = input;
  return pdfWorkers.draw({ kind: 'extract', localesDir: texts.dir, input: rest });
}

/**
 * The extract's PDF drawn in this thread (the worker's side of `renderExtractPdf`). A logo that cannot
 * be decoded leaves the letterhead without it rather than failing the extract.
 */
export async function drawExtractPdf(input: ExtractPdfInput): Promise<Buffer> {
  const logo = logoDataUrl(input.logo);
  try {
    return await renderPdf(extractPdfDefinition(input, logo));
  } catch (error) {
    if (logo === null) throw error;
    return renderPdf(extractPdfDefinition(input, null));
  }
}
