// Media in any S3-compatible store (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Garage…). Big
// files go up as a streamed multipart upload (never whole in memory); reads are ranged
// GetObjects; deletePrefix pages through ListObjectsV2 and deletes in batches of 1,000.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config';
import { assertStorageKey, assertStoragePrefix, contentTypeForKey, ObjectNotFoundError } from './keys';
import type { ByteRange, MediaStorage } from './types';

/** The store's settings exactly as the configuration holds them (S3_*). */
export type S3StorageOptions = S3Config;

/** Parts of a multipart upload: 8 MiB, two in flight — bounded memory for any file size. */
const PART_SIZE_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** Below this a single PutObject is cheaper than a multipart upload. */
const SINGLE_PUT_MAX_BYTES = PART_SIZE_BYTES;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** The S3 client's settings from the configuration: the media store's and the resumable uploads' (domain/uploads/s3-uploads.ts). */
export function s3ClientSettings(options: S3StorageOptions): S3ClientConfig {
  return {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
    // Many S3-compatible stores reject the SDK's newer default checksums (CRC32 trailers on
    // every upload); send them only where the S3 API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export function createS3Client(options: S3StorageOptions): S3Client {
  return new S3Client(s3ClientSettings(options));
}

export function createS3Storage(options: S3StorageOptions, client: S3Client = createS3Client(options)): MediaStorage {
  const Bucket = options.bucket;

  async function getObject(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: assertStorageKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      if (!(answer.Body instanceof Readable)) throw new Error('S3 GetObject returned no stream body');
      return answer.Body;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  return {
    kind: 's3',

    async putFile(key, localPath, contentType) {
      assertStorageKey(key);
      const { size } = await stat(localPath);
      if (size <= SINGLE_PUT_MAX_BYTES) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(localPath), ContentLength: size, ContentType: contentType }));
      } else {
        const upload = new Upload({
          client,
          params: { Bucket, Key: key, Body: createReadStream(localPath), ContentType: contentType },
          partSize: PART_SIZE_BYTES,
          queueSize: PARTS_IN_FLIGHT,
          // A failed part aborts the whole upload, so no orphaned parts are billed.
          leavePartsOnError: false,
        });
        await upload.done();
      }
      return { size, contentType };
    },

    async putBuffer(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: assertStorageKey(key), Body: data, ContentLength: data.length, ContentType: contentType }));
      return { size: data.length, contentType };
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: assertStorageKey(key) }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType || contentTypeForKey(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    read: getObject,

    async download(key, localPath) {
      const body = await getObject(key);
      await mkdir(dirname(localPath), { recursive: true });
      const temp = `${localPath}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body, createWriteStream(temp));
        await rename(temp, localPath);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return localPath;
    },

    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      let continuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: 1000, ContinuationToken: continuationToken }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0) {
          const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
          const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
          if (failed.length > 0) throw new Error(`S3 could not delete ${failed.length} object(s) under ${prefix}: ${failed[0]?.Code ?? 'unknown error'}`);
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
