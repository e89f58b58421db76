import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  checkKey,
  FileMissingError,
  type StagedFile,
  type Storage,
  type StoredFile,
  stageLocally,
} from './storage.ts';

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** MinIO, Garage and most self-hosted stores want `host/bucket/key` rather than `bucket.host/key`. */
  forcePathStyle: boolean;
}

/**
 * The SDK, loaded when the first S3Storage is made: it costs the process ~30 MiB, which a server on
 * DATA_DIR/files never needs (bench/README.md, "Server memory").
 */
type Sdk = typeof import('@aws-sdk/client-s3');
let loaded: Sdk | undefined;
const sdk = (): Sdk => (loaded ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as Sdk);

const missing = (error: unknown) =>
  error instanceof sdk().S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Garage, Scaleway, OVH) so several app servers share
 * them. Uploads are staged on local disk first (the 10 MiB limit and the type sniffing work as with the
 * directory) and sent with their length once kept.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly sdk = sdk();
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly stagingDir: string,
  ) {
    this.bucket = settings.bucket;
    this.client = new this.sdk.S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Stores other than AWS reject the newer default checksums on every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  stage(content: Readable): Promise<StagedFile> {
    return stageLocally(this.stagingDir, content, (path, size, key) =>
      this.put(key, createReadStream(path), size),
    );
  }

  async open(key: string): Promise<StoredFile> {
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }),
      );
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      throw missing(error) ? new FileMissingError(key) : error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    try {
      await this.client.send(
        new this.sdk.CopyObjectCommand({
          Bucket: this.bucket,
          Key: checkKey(to),
          CopySource: `${this.bucket}/${checkKey(from)}`,
        }),
      );
    } catch (error) {
      throw missing(error) ? new FileMissingError(from) : error;
    }
  }

  async put(key: string, content: Readable, size: number): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: content,
        ContentLength: size,
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async *keys(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async ready(): Promise<void> {
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!missing(error)) throw error;
      await this.client.send(new this.sdk.CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  async answers(signal: AbortSignal): Promise<void> {
    await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: signal });
  }

  close(): void {
    this.client.destroy();
  }
}
