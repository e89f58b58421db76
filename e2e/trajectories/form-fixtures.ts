import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdf, png } from '../blueprints/editor-support';

/**
 * The files e2e/trajectories/form.spec.ts uploads, written into e2e/fixtures/ by running this module
 * (`npx tsx e2e/trajectories/form-fixtures.ts`): a passport photo larger than 2560×1440, so the browser
 * must shrink it (to 2160×1440), and a small PDF as the placement agreement.
 */
export const FIXTURES_DIR = join(import.meta.dirname, '..', 'fixtures');
export const PHOTO = join(FIXTURES_DIR, 'pasfoto.png');
export const PHOTO_SIZE = { width: 3000, height: 2000 };
export const AGREEMENT = join(FIXTURES_DIR, 'stageovereenkomst.pdf');

export function writeFormFixtures(): void {
  writeFileSync(PHOTO, png(PHOTO_SIZE.width, PHOTO_SIZE.height, [70, 130, 180]));
  writeFileSync(AGREEMENT, pdf());
}

/** Width and height from a PNG's header. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) writeFormFixtures();
