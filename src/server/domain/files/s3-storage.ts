/**
 * The file store in an S3-compatible bucket (issue 28; docs/files.md "Stores"; WMS_S3_* in config.ts): AWS S3,
 * MinIO, Ceph, Garage and the like. Keys are the storage keys under an optional prefix.
 *
 * put = multipart upload (@aws-sdk/lib-storage `Upload`: parts of {@link PART_BYTES}, {@link QUEUE} in flight,
 * so a put holds about PART_BYTES x (QUEUE + 1) whatever the file's size; a small file goes in one PutObject);
 * the SHA-256 goes into the object's metadata `sha256` when the bytes are known before the upload (a Buffer);
 * get = GetObject body; exists/stat = HeadObject; remove = DeleteObject; check = HeadBucket.
 * Checksums are sent only where S3 requires them ('WHEN_REQUIRED'): many self-hosted stores do not take the
 * SDK's default streaming checksum trailers.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { asStream, isStorageKey, measuring, missingKeyError, type FileStorage, type StoredFile } from './storage';

/** Where the bucket is and how to sign in (config.ts `s3`, from WMS_S3_*). */
export interface S3Settings {
  /** Service address, e.g. `http://minio:9000`; unset = AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's default credential chain (AWS_* variables, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` addresses (self-hosted stores) instead of `http://bucket.host/key`. */
  forcePathStyle: boolean;
  /** Put before every key, e.g. `wms/` (default none). */
  prefix?: string;
}

/** Bytes per multipart part (S3's minimum is 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;
/** Parts uploaded at once. */
const QUEUE = 2;

/** An S3 "not found" answer (HeadObject says NotFound, GetObject NoSuchKey; some stores only give the status). */
function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NotFound' || err?.name === 'NoSuchKey' || err?.$metadata?.httpStatusCode === 404;
}

export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return `${this.settings.prefix ?? ''}${key}`;
  }

  async put(key: string, data: Readable | Buffer): Promise<{ size: number; sha256: string }> {
    const Key = this.objectKey(key);
    const m = measuring();
    const body = new PassThrough();
    const known = Buffer.isBuffer(data) ? createHash('sha256').update(data).digest('hex') : undefined;
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key, Body: body, ...(known ? { Metadata: { sha256: known } } : {}) },
      partSize: PART_BYTES,
      queueSize: QUEUE,
      leavePartsOnError: false,
    });
    const done = upload.done();
    try {
      await pipeline(asStream(data), m, body);
      await done;
    } catch (e) {
      await upload.abort().catch(() => {});
      await done.catch(() => {});
      throw e;
    }
    return m.result();
  }

  get(key: string): Readable {
    const out = new PassThrough();
    let Key: string;
    try {
      Key = this.objectKey(key);
    } catch {
      queueMicrotask(() => out.destroy(missingKeyError(key)));
      return out;
    }
    this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key })).then(
      (res) => pipeline(res.Body as Readable, out).catch((e) => out.destroy(e)),
      (e) => out.destroy(isNotFound(e) ? missingKeyError(key) : e),
    );
    return out;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      const sha256 = res.Metadata?.sha256;
      return { size: Number(res.ContentLength ?? 0), ...(sha256 ? { sha256 } : {}) };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  /** The bucket exists and the credentials may use it. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (e) {
      const err = e as Error & { $metadata?: { httpStatusCode?: number } };
      const status = err.$metadata?.httpStatusCode;
      const reason = status ? `HTTP ${status}${err.name && err.name !== 'Unknown' ? ` ${err.name}` : ''}` : err.message || err.name;
      throw new Error(`S3 bucket ${this.settings.bucket}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ''} cannot be used: ${reason}`);
    }
  }

  async dispose(): Promise<void> {
    this.client.destroy();
  }
}
