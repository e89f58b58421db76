import { join } from 'node:path';
import { type S3Settings, S3Storage } from './s3.ts';
import { DirectoryStorage, type Storage } from './storage.ts';

/** The store the configuration names: an S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function createStorage(config: { dataDir: string; s3: S3Settings | undefined }): Storage {
  return config.s3
    ? new S3Storage(config.s3, join(config.dataDir, 'staging'))
    : new DirectoryStorage(join(config.dataDir, 'files'));
}
