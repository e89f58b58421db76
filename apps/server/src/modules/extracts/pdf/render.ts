import type { Language } from '@groeipad/core';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderPdf } from '../../../adapters/pdf/render.ts';
import { type PdfTask, pdfWorkers } from '../../../adapters/pdf/worker-pool.ts';
import { type Catalogue, catalogue } from '../../../i18n/catalogue.ts';
import { extractDocument } from './document.ts';
import { extractPdfLabels } from './labels.ts';
import { extractReport, type ModelInput } from './model.ts';

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

/** An extract as the PDF worker gets it: plain data, the texts as the folder they were read from. */
export interface ExtractPdfTaskInput {
  localesDir: string;
  input: Omit<ExtractPdfInput, 'texts'>;
}

/** The PDF worker's task for an extract: this module is its builder (`drawPdf` below). */
export function extractPdfTask(input: ExtractPdfTaskInput): PdfTask {
  return { builder: import.meta.url, input };
}

/**
 * The PDF of one extract (issue 10; spec part 2 §9; D36), drawn in the PDF worker
 * (`adapters/pdf/worker-pool.ts`): pdfmake's garbage stays in the worker's bounded heap and the event
 * loop keeps answering meanwhile. The input holds only what the requesting user may read; nothing here
 * reads the database.
 */
export function renderExtractPdf(input: ExtractPdfInput): Promise<Buffer> {
  const { texts, ...rest } = input;
  return pdfWorkers.draw(extractPdfTask({ localesDir: texts.dir, input: rest }));
}

/** The worker's side of `renderExtractPdf` (`adapters/pdf/worker.ts` calls it); texts read once per worker. */
export function drawPdf({ localesDir, input }: ExtractPdfTaskInput): Promise<Buffer> {
  return drawExtractPdf({ ...input, texts: catalogue(localesDir) });
}

/**
 * The extract's PDF drawn in this thread (what `drawPdf` runs in the worker). A logo that cannot be
 * decoded leaves the letterhead without it rather than failing the extract.
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
