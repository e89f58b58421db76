import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/adapters/storage/s3.ts';

export interface S3TestServer {
  endpoint: string;
  /** Settings for a bucket of its own (made on first use by `Storage.ready`). */
  settings(bucket: string): S3Settings;
  close(): Promise<void>;
}

/**
 * A real S3 API (s3rver) on loopback with its objects in a temporary folder: the adapter talks HTTP,
 * signs its requests and reads XML answers as it would against MinIO or AWS.
 */
export async function startS3(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'groeipad-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: (bucket) => ({
      endpoint,
      bucket,
      region: 'us-east-1',
      // s3rver's fixed credentials
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
