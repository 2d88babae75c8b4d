// Chooses where media lives from the configuration: disk under DATA_DIR/media by default, an
// S3-compatible bucket when MEDIA_STORAGE=s3.
import { join } from 'node:path';
import type { Config } from '../../config';
import { createDiskStorage } from './disk';
import { createS3Storage } from './s3';
import type { MediaStorage } from './types';

export type { ByteRange, MediaStorage, MediaUrlSigner, StoredObject } from './types';
export { InvalidStorageKeyError, isValidStorageKey, ObjectNotFoundError } from './keys';

export function mediaDirOf(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'media');
}

export function createMediaStorage(config: Pick<Config, 'dataDir' | 'media'>): MediaStorage {
  if (config.media.storage === 's3') return createS3Storage(config.media.s3);
  return createDiskStorage(mediaDirOf(config));
}
