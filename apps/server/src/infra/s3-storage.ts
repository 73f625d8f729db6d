import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { contentTypeOf, keyOfUrl, UPLOADS_PREFIX, type S3Options, type Storage, type StoredContent, type StoredFile } from './storage.js';

/**
 * A store the bucket cannot serve right now (unreachable, 5xx, refused credentials). It carries
 * code EIO so the error handler answers 503 storage_unavailable, as for a full local disk
 * (db/storage-failure.ts), instead of a bare 500.
 */
export class S3Unavailable extends Error {
  readonly code = 'EIO';
  constructor(action: string, cause: unknown) {
    super(`S3 ${action} failed: ${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}`, { cause });
    this.name = 'S3Unavailable';
  }
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Uploads in an S3-compatible bucket, through the official SDK. Keys are the same as on disk
 * (`photo/<owner>/<random>.jpg`) and URLs stay `/uploads/<key>`: the nodes stream them
 * (http/uploads-route.ts), so images stay on our own origin under our headers (CSP, no-sniff) and
 * every node serves what any other stored. The bucket stays private.
 */
export class S3Storage implements Storage {
  readonly localRoot = undefined;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly keyPrefix: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.keyPrefix = options.keyPrefix;
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where the API requires them: several S3-compatible stores reject or
      // mishandle the newer default trailers (aws-chunked CRC32), and TLS already guards the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A hung store must not hold a member's upload (or a node's shutdown) for minutes.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      maxAttempts: 3,
    };
    this.client = new S3Client(config);
  }

  /** Fails at start, with the reason, when the bucket cannot be reached with these settings. */
  async verify(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode})` : '';
      throw new Error(`S3_BUCKET ${this.bucket} cannot be reached${status}: ${error instanceof Error ? error.message || error.name : String(error)}`, { cause: error });
    }
  }

  async put(key: string, data: Buffer): Promise<string> {
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: this.keyPrefix + key, Body: data, ContentType: contentTypeOf(key), ContentLength: data.length }),
      );
    } catch (error) {
      throw new S3Unavailable('put', error);
    }
    return `${UPLOADS_PREFIX}/${key}`;
  }

  async remove(url: string): Promise<void> {
    const key = keyOfUrl(url);
    if (key === undefined) return;
    try {
      // Deleting a key that is not there succeeds: the same as `rm --force` on disk.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyPrefix + key }));
    } catch (error) {
      throw new S3Unavailable('delete', error);
    }
  }

  async read(key: string): Promise<StoredContent | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyPrefix + key }));
      return {
        body: object.Body as Readable,
        size: object.ContentLength,
        modifiedMs: object.LastModified?.getTime(),
        etag: object.ETag,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new S3Unavailable('get', error);
    }
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.keyPrefix + prefix, ContinuationToken: token }));
      } catch (error) {
        throw new S3Unavailable('list', error);
      }
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key.slice(this.keyPrefix.length), modifiedMs: object.LastModified?.getTime() ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
