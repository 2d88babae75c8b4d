// Resumable uploads on S3-compatible storage (MEDIA_STORAGE=s3): @tus/s3-store on the media bucket,
// every object under one prefix (`uploads/`). Per upload id the store keeps `{id}.info` (declared
// length, metadata, creation date; the S3 multipart upload's id in its object metadata), the parts
// of an S3 multipart upload that becomes the object `{id}` on the last byte, and `{id}.part` (a
// trailing piece smaller than an S3 part, kept until more bytes arrive). Nothing is cached in a
// process: any API process may take the next request of an upload another one started.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { S3 } from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { KvStore, Upload } from '@tus/server';
import type { S3Config } from '../../config';
import { s3ClientSettings } from '../../media/storage/s3';
import { ownsUpload, uploadOwner, type FinishedUpload } from './resumable';

/** Where the uploads live in the media bucket (the media keys all start with `users/`). */
export const UPLOADS_PREFIX = 'uploads/';

/**
 * The store's metadata cache, turned off: another process may have declared the length, finished
 * or removed the upload since this one last read it (the default cache is per process).
 */
class NoCache implements KvStore<MetadataValue> {
  get(): Promise<MetadataValue | undefined> {
    return Promise.resolve(undefined);
  }
  set(): Promise<void> {
    return Promise.resolve();
  }
  delete(): Promise<void> {
    return Promise.resolve();
  }
}

type Input = Record<string, unknown> & { Key?: unknown; Prefix?: unknown; Delete?: { Objects?: Array<{ Key?: string }> } };

/**
 * The S3 client with every key under `prefix`: @tus/s3-store has no key prefix of its own, so its
 * calls' Key, Prefix and DeleteObjects keys are rewritten on the way out.
 */
function prefixedClient(client: S3, prefix: string): S3 {
  const withPrefix = (input: Input): Input => {
    const copy: Input = { ...input };
    if (typeof copy.Key === 'string') copy.Key = `${prefix}${copy.Key}`;
    if (typeof copy.Prefix === 'string') copy.Prefix = `${prefix}${copy.Prefix}`;
    if (copy.Delete?.Objects) copy.Delete = { ...copy.Delete, Objects: copy.Delete.Objects.map((object) => ({ ...object, Key: `${prefix}${object.Key}` })) };
    return copy;
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (input: unknown, ...rest: unknown[]) => (value as (...args: unknown[]) => unknown).call(target, input && typeof input === 'object' ? withPrefix(input as Input) : input, ...rest);
    },
  });
}

const isMissing = (error: unknown): boolean => {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return ['NoSuchKey', 'NotFound', 'NoSuchUpload'].includes(e?.name ?? e?.Code ?? '') || e?.$metadata?.httpStatusCode === 404;
};

interface Listed {
  key: string;
  lastModified: Date;
}

export class S3Uploads extends S3Store {
  constructor(options: S3Config, expiryMs: number) {
    super({
      // The media store's client settings (checksums only where S3 requires them, as many S3-compatible stores want).
      s3ClientConfig: { bucket: options.bucket, ...s3ClientSettings(options) },
      cache: new NoCache(),
      expirationPeriodInMilliseconds: expiryMs,
      // Expiry is the purge job's (purgeExpired), not a bucket lifecycle rule reading tags.
      useTags: false,
    });
    this.client = prefixedClient(this.client, UPLOADS_PREFIX);
  }

  /** The upload's info and how far it got, or null when there is no such upload. */
  private async state(id: string): Promise<Upload | null> {
    try {
      return await this.getUpload(id);
    } catch {
      return null;
    }
  }

  /** Records the type the finish check found in the upload's info: finishedUpload() answers only once it is there. */
  async recordCheckedType(upload: Upload, mimeType: string): Promise<void> {
    const stored = await this.getMetadata(upload.id);
    stored.file.metadata = { ...stored.file.metadata, checked_type: mimeType };
    await this.saveMetadata(stored.file, stored['upload-id']);
  }

  /** Writes the finished upload's bytes to a local file. */
  async download(id: string, destination: string): Promise<void> {
    const body = await this.read(id);
    await pipeline(body, createWriteStream(destination));
  }

  async countUserUploads(userId: number): Promise<number> {
    const listed = await this.list(`u${userId}_`);
    return listed.filter(({ key }) => key.endsWith('.info') && ownsUpload(userId, key.slice(0, -'.info'.length))).length;
  }

  async finishedUpload(userId: number, uploadId: string): Promise<FinishedUpload | null> {
    if (!ownsUpload(userId, uploadId)) return null;
    const upload = await this.state(uploadId);
    if (!upload || upload.size === undefined || upload.offset !== upload.size) return null;
    const mimeType = upload.metadata?.checked_type;
    if (!mimeType) return null;
    return { size: upload.size, filename: upload.metadata?.filename ?? 'upload', mimeType, copyTo: (destination) => this.download(uploadId, destination) };
  }

  /** Removes everything of an upload (aborting its S3 multipart upload); true when it existed. */
  async removeUpload(id: string): Promise<boolean> {
    let existed = true;
    try {
      await this.remove(id);
    } catch {
      existed = false;
    }
    // remove() leaves a trailing piece behind; an info file it could not read goes too.
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: `${id}.part` }, { Key: `${id}.info` }, { Key: id }] } });
    return existed;
  }

  /** Every object under the uploads prefix whose name starts with `start`. */
  private async list(start = ''): Promise<Listed[]> {
    const listed: Listed[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({ Bucket: this.bucket, Prefix: start, ...(token ? { ContinuationToken: token } : {}) });
      for (const object of page.Contents ?? []) {
        if (object.Key?.startsWith(UPLOADS_PREFIX)) listed.push({ key: object.Key.slice(UPLOADS_PREFIX.length), lastModified: object.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return listed;
  }

  /**
   * The purge: a partial upload goes `expiryMs` after it was created (its S3 multipart upload is
   * aborted, so no orphaned parts stay billed), a finished one nobody used `expiryMs` after its
   * last byte; pieces without an info file go once they are that old. Returns how many uploads went.
   */
  async purgeExpired(expiryMs: number, now: number): Promise<number> {
    const objects = await this.list();
    const byName = new Map(objects.map((object) => [object.key, object]));
    const expired = (date: Date) => now - date.getTime() > expiryMs;
    const ids = new Set(objects.map(({ key }) => key.replace(/\.(info|part)$/, '')).filter((id) => uploadOwner(id) !== null));
    let removed = 0;
    for (const id of ids) {
      const info = byName.get(`${id}.info`);
      const data = byName.get(id);
      let since: Date;
      if (!info) {
        since = [data, byName.get(`${id}.part`)].reduce((latest, object) => (object && object.lastModified > latest ? object.lastModified : latest), new Date(0));
      } else {
        const upload = await this.state(id);
        if (upload && upload.size !== undefined && upload.offset === upload.size) since = data?.lastModified ?? info.lastModified;
        else since = upload?.creation_date ? new Date(upload.creation_date) : info.lastModified;
      }
      if (!expired(since)) continue;
      try {
        // Counted by the purge that found it: another process's purge racing this one counts none.
        if ((await this.removeUpload(id)) && info) removed += 1;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }
}
