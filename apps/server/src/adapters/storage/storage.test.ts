import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3 } from '../../../test/s3.ts';
import { S3Storage } from './s3.ts';
import { DirectoryStorage, FileMissingError, type Storage } from './storage.ts';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());

const folder = () => mkdtempSync(join(tmpdir(), 'groeipad-storage-'));

const stores: [string, () => Promise<Storage>][] = [
  ['a directory', async () => new DirectoryStorage(folder())],
  [
    'an S3 bucket',
    async () => {
      const store = new S3Storage(s3.settings(`bucket-${Math.random().toString(36).slice(2, 10)}`), folder());
      await store.ready(); // makes the bucket
      return store;
    },
  ],
];

const keys = async (store: Storage) => {
  const all: string[] = [];
  for await (const key of store.keys()) all.push(key);
  return all.sort();
};

describe.each(stores)('file storage in %s', (_name, make) => {
  it('stages, keeps, opens, copies, lists and removes files', async () => {
    const store = await make();
    const bytes = Buffer.from('%PDF-1.7 a small file');
    const staged = await store.stage(Readable.from([bytes]));
    expect(staged.size).toBe(bytes.length);
    expect(staged.head.subarray(0, 5).toString()).toBe('%PDF-');
    await staged.keep('resources/1/2');

    const opened = await store.open('resources/1/2');
    expect(opened.size).toBe(bytes.length);
    expect(await buffer(opened.stream)).toEqual(bytes);

    await store.copy('resources/1/2', 'resources/3/4');
    expect(await buffer((await store.open('resources/3/4')).stream)).toEqual(bytes);
    await store.put('extracts/1/5', Readable.from([Buffer.from('abc')]), 3);
    expect(await keys(store)).toEqual(['extracts/1/5', 'resources/1/2', 'resources/3/4']);

    await store.remove('resources/1/2');
    await store.remove('resources/1/2'); // gone already: no error
    expect(await keys(store)).toEqual(['extracts/1/5', 'resources/3/4']);
    store.close();
  });

  it('answers a missing file with FileMissingError before any byte, for open and copy', async () => {
    const store = await make();
    await expect(store.open('resources/9/9')).rejects.toBeInstanceOf(FileMissingError);
    await expect(store.copy('resources/9/9', 'resources/9/10')).rejects.toMatchObject({
      status: 404,
      key: 'fileMissing',
    });
    store.close();
  });

  it('discards a staged file that is not kept, and never keeps a file under a key that is not ours', async () => {
    const store = await make();
    const staged = await store.stage(Readable.from([Buffer.from('x')]));
    await staged.discard();
    const other = await store.stage(Readable.from([Buffer.from('y')]));
    await expect(other.keep('../outside')).rejects.toThrow(/invalid storage key/);
    expect(await keys(store)).toEqual([]);
    store.close();
  });
});
