// Where resumable uploads live, chosen by the configuration: the media bucket under `uploads/`
// when media go to S3 (every API process sees every upload), else the tus file store in
// DATA_DIR/uploads (one machine). The tus route, the transcriptions and the purge job all go
// through this one interface, so none of them knows which it is.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore, Upload } from '@tus/server';
import type { Config } from '../../config';
import { makeWorkDir } from '../../media/temp-roots';
import { deleteUpload, finishedUpload, ownsUpload, purgeExpiredUploads, removeUploadFiles, userUploads, type FinishedUpload } from './resumable';
import { S3Uploads } from './s3-uploads';

export interface UploadStore {
  /** The tus data store the route serves. */
  readonly datastore: DataStore;
  /** The user's uploads, partial and finished, not yet used. */
  countUserUploads(userId: number): Promise<number>;
  /** The owner's finished, checked upload, or null (another user's, unknown, partial or unchecked). */
  finishedUpload(userId: number, uploadId: string): Promise<FinishedUpload | null>;
  /** Removes the owner's upload; true when it was the user's and existed. */
  deleteUpload(userId: number, uploadId: string): Promise<boolean>;
  /** Removes an upload whatever its state (a finished file that failed its check). */
  removeUpload(uploadId: string): Promise<void>;
  /** Runs `task` on the received bytes as a local file (the file itself, or a copy removed after). */
  withLocalFile<T>(upload: Upload, task: (path: string) => Promise<T>): Promise<T>;
  /** Records the media type the finish check found. */
  recordCheckedType(upload: Upload, mimeType: string): Promise<void>;
  /** The purge job's work: removes expired uploads, returns how many. */
  purgeExpired(now: number): Promise<number>;
}

function fileUploadStore({ directory, expiryMs }: Config['uploads']): UploadStore {
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  return {
    datastore: store,
    countUserUploads: async (userId) => (await userUploads(directory, userId)).length,
    finishedUpload: (userId, uploadId) => finishedUpload(directory, userId, uploadId),
    deleteUpload: (userId, uploadId) => deleteUpload(directory, userId, uploadId),
    removeUpload: (uploadId) => removeUploadFiles(directory, uploadId),
    withLocalFile: (upload, task) => task(upload.storage?.path ?? join(directory, upload.id)),
    async recordCheckedType(upload, mimeType) {
      upload.metadata = { ...upload.metadata, checked_type: mimeType };
      await store.configstore.set(upload.id, upload);
    },
    purgeExpired: (now) => purgeExpiredUploads(directory, expiryMs, now),
  };
}

function s3UploadStore(uploads: Config['uploads'] & { s3: NonNullable<Config['uploads']['s3']> }): UploadStore {
  const store = new S3Uploads(uploads.s3, uploads.expiryMs);
  return {
    datastore: store,
    countUserUploads: (userId) => store.countUserUploads(userId),
    finishedUpload: (userId, uploadId) => store.finishedUpload(userId, uploadId),
    deleteUpload: async (userId, uploadId) => ownsUpload(userId, uploadId) && (await store.removeUpload(uploadId)),
    removeUpload: async (uploadId) => {
      await store.removeUpload(uploadId);
    },
    async withLocalFile(upload, task) {
      const dir = await makeWorkDir('upload-check');
      try {
        const path = join(dir, 'upload');
        await store.download(upload.id, path);
        return await task(path);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    recordCheckedType: (upload, mimeType) => store.recordCheckedType(upload, mimeType),
    purgeExpired: (now) => store.purgeExpired(uploads.expiryMs, now),
  };
}

// One store per configuration: the route, the transcriptions and the purge job of a process share it.
const stores = new WeakMap<Config['uploads'], UploadStore>();

export function uploadStoreOf(uploads: Config['uploads']): UploadStore {
  let store = stores.get(uploads);
  if (!store) {
    const { s3 } = uploads;
    store = s3 ? s3UploadStore({ ...uploads, s3 }) : fileUploadStore(uploads);
    stores.set(uploads, store);
  }
  return store;
}
