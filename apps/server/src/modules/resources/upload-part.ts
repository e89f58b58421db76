import { PassThrough, type Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../errors.ts';

const fileProblem = (key: 'required' | 'invalidValue' | 'invalidCharacters') =>
  badRequest('validationError', [{ path: 'file', key }]);

/**
 * What the multipart parser threw: the body's fault whatever it was (no or a wrong boundary, cut off,
 * a second file past the one allowed, a part's name `__proto__`), so 400 — except a file over the size
 * limit, left as it is for the upload's own 413 (`fileMaxSize`).
 */
function malformed(error: unknown): unknown {
  if (error instanceof AppError || (error as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE')
    return error;
  return fileProblem('invalidValue');
}

/** The next file part (fields are passed over), or undefined at the end of the body. */
async function nextFile(parts: AsyncIterator<Multipart>): Promise<MultipartFile | undefined> {
  try {
    for (;;) {
      const next = await parts.next();
      if (next.done) return undefined;
      if (next.value.type === 'file') return next.value;
    }
  } catch (error) {
    throw malformed(error);
  }
}

/**
 * The file of an upload: a multipart body with exactly one file part, named `file` (400 `required`
 * without one; `invalidValue` for a second file or a body that is not well-formed multipart;
 * `invalidCharacters` for a control character in its file name — the name is never used, the
 * resource's own is, but it is refused like any other text that cannot be stored). Whether another
 * file follows is known only once this one is read: then the stream returned fails with that 400
 * instead of ending, so the upload that reads it stores nothing.
 */
export async function singleFilePart(request: FastifyRequest): Promise<Readable & { truncated?: boolean }> {
  if (!request.isMultipart()) throw fileProblem('required');
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw malformed(error);
  }
  const part = await nextFile(parts);
  if (part?.fieldname !== 'file') throw fileProblem('required');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(part.filename ?? '')) throw fileProblem('invalidCharacters');
  const { file } = part;
  const out = new PassThrough();
  Object.defineProperty(out, 'truncated', { get: () => file.truncated });
  // The upload reads a failure through its pipeline; one that comes after it stopped reading (it failed
  // on its own first) must not be an uncaught error.
  out.on('error', () => {});
  file.on('error', (error) => out.destroy(malformed(error) as Error));
  // The rest of the body is read as it comes: the parser ends (or fails) there, also when it leaves
  // this part's stream open (a body cut off inside it).
  nextFile(parts).then(
    (another) => {
      if (another) out.destroy(fileProblem('invalidValue') as Error);
      else if (file.readableEnded) out.end();
      else file.once('end', () => out.end());
    },
    (error: unknown) => out.destroy(error as Error),
  );
  file.pipe(out, { end: false });
  return out;
}
