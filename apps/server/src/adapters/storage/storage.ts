import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file that was written, not yet kept: its first bytes (to sniff the type) and its size. */
export interface StagedFile {
  size: number;
  head: Buffer;
  /** Keeps the file under `key`. */
  keep(key: string): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Where file contents live (DESIGN point 5): a directory under DATA_DIR by default. Uploads are
 * streamed to a staging file, never held in memory, and kept only once they passed every check.
 */
export interface Storage {
  stage(content: Readable): Promise<StagedFile>;
  read(key: string): Readable;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

const HEAD_BYTES = 4100;

export class DirectoryStorage implements Storage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    if (!/^[a-z0-9/-]+$/i.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
    return join(this.root, key);
  }

  async stage(content: Readable): Promise<StagedFile> {
    const staging = join(this.root, 'staging', randomUUID());
    await mkdir(dirname(staging), { recursive: true });
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
      keep: async (key) => {
        const target = this.path(key);
        await mkdir(dirname(target), { recursive: true });
        await rename(staging, target);
      },
      discard: () => rm(staging, { force: true }),
    };
  }

  read(key: string): Readable {
    return createReadStream(this.path(key));
  }

  async size(key: string): Promise<number> {
    return (await stat(this.path(key))).size;
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
