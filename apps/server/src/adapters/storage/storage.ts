import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors.ts';

/** A file that was written, not yet kept: its first bytes (to sniff the type) and its size. */
export interface StagedFile {
  size: number;
  head: Buffer;
  /** Where it is staged on this machine, to read more than its head (an image's dimensions). */
  path: string;
  /** Keeps the file under `key`. */
  keep(key: string): Promise<void>;
  discard(): Promise<void>;
}

/** A stored file, opened: its bytes as a stream and their number. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * A key the database names but the store does not hold (deleted by hand, a restore without files, a
 * second server without shared storage): 404 `fileMissing`, logged, never a crash.
 */
export class FileMissingError extends AppError {
  constructor(readonly storageKey: string) {
    super(404, 'fileMissing');
    this.message = `file missing from storage: ${storageKey}`;
  }
}

/**
 * Where file contents live (DESIGN point 5): a directory under DATA_DIR by default, an S3-compatible
 * bucket when S3_BUCKET is set (`s3.ts`). Uploads are streamed to a local staging file, never held in
 * memory, and kept only once they passed every check.
 */
export interface Storage {
  /** `directory` or `s3`: for the start-up log and backups. */
  readonly kind: 'directory' | 's3';
  stage(content: Readable): Promise<StagedFile>;
  /** Opens a file; rejects with FileMissingError before any byte is sent when it is not there. */
  open(key: string): Promise<StoredFile>;
  /** Copies a kept file to another key (a library import's attachments); FileMissingError as `open`. */
  copy(from: string, to: string): Promise<void>;
  /** Writes bytes under a key directly (a restore). */
  put(key: string, content: Readable, size: number): Promise<void>;
  remove(key: string): Promise<void>;
  /** Every kept key (backups); staging files are not kept files. */
  keys(): AsyncIterable<string>;
  /** Checks the store answers (and makes the bucket on first use). */
  ready(): Promise<void>;
  /** Rejects when the store does not answer now (readiness); gives up when `signal` aborts. Makes nothing. */
  answers(signal: AbortSignal): Promise<void>;
  close(): void;
}

const HEAD_BYTES = 4100;

/** Keys are ours (`resources/12/34`), never a user's: letters, digits, dashes and slashes only. */
export function checkKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9/-]*$/i.test(key) || key.includes('//'))
    throw new Error(`invalid storage key ${key}`);
  return key;
}

/**
 * Streams content into a new file under `stagingDir` and reads its first bytes. `keep` receives the
 * staging path; the file is gone afterwards whatever happened.
 */
export async function stageLocally(
  stagingDir: string,
  content: Readable,
  keep: (path: string, size: number, key: string) => Promise<void>,
): Promise<StagedFile> {
  const staging = join(stagingDir, randomUUID());
  await mkdir(stagingDir, { recursive: true });
  try {
    await pipeline(content, createWriteStream(staging));
  } catch (error) {
    await rm(staging, { force: true });
    throw error;
  }
  const { size } = await stat(staging);
  const handle = await open(staging, 'r');
  const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  return {
    size,
    head,
    path: staging,
    keep: async (key) => {
      try {
        await keep(staging, size, checkKey(key));
      } finally {
        await rm(staging, { force: true });
      }
    },
    discard: () => rm(staging, { force: true }),
  };
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files in a directory (DATA_DIR/files), staged in its `staging` folder so a keep is a rename. */
export class DirectoryStorage implements Storage {
  readonly kind = 'directory';

  constructor(private readonly root: string) {}

  private path(key: string): string {
    return join(this.root, checkKey(key));
  }

  stage(content: Readable): Promise<StagedFile> {
    return stageLocally(join(this.root, 'staging'), content, async (staging, _size, key) => {
      const target = this.path(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(staging, target);
    });
  }

  async open(key: string): Promise<StoredFile> {
    const path = this.path(key);
    // Open first: a missing file is an answer (404), not an error event on a stream nobody listens to.
    const handle = await open(path, 'r').catch((error: unknown) => {
      throw isMissing(error) ? new FileMissingError(key) : error;
    });
    try {
      const { size } = await handle.stat();
      return { stream: createReadStream(path, { fd: handle, autoClose: true }), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const target = this.path(to);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(this.path(from), target).catch((error: unknown) => {
      throw isMissing(error) ? new FileMissingError(from) : error;
    });
  }

  async put(key: string, content: Readable): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    await pipeline(content, createWriteStream(target));
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *keys(): AsyncIterable<string> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(
      (error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      },
    );
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (!key.startsWith('staging/')) yield key;
    }
  }

  async ready(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async answers(): Promise<void> {
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  close(): void {}
}
