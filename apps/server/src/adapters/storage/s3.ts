import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
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

const missing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Garage, Scaleway, OVH) so several app servers share
 * them. Uploads are staged on local disk first (the 10 MiB limit and the type sniffing work as with the
 * directory) and sent with their length once kept.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly stagingDir: string,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
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
        new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }),
      );
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      throw missing(error) ? new FileMissingError(key) : error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
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
      new PutObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Body: content, ContentLength: size }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async *keys(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async ready(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!missing(error)) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  close(): void {
    this.client.destroy();
  }
}
