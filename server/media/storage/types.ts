// Where media lives: one interface, disk under DATA_DIR/media by default, any
// S3-compatible store when configured. Keys are relative paths like
// `users/{userId}/videos/{videoId}/video.mp4`; the owner is always part of the key.
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  contentType: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  /** Stores a local file under `key` (moved or uploaded; the local file may be removed). */
  putFile(key: string, localPath: string, contentType: string): Promise<StoredObject>;
  putBuffer(key: string, data: Buffer, contentType: string): Promise<StoredObject>;
  /** null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  /** A stream of the whole object or of one byte range. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Copies the object to a local file (for ffmpeg), returning that path. */
  download(key: string, localPath: string): Promise<string>;
  /** Deletes every object whose key starts with `prefix` (a video's folder). */
  deletePrefix(prefix: string): Promise<void>;
}

/**
 * Turns a storage key into a URL a `<video>`/`<audio>` element can load without headers (it
 * cannot send the bearer token): signed with a server secret, expiring, served with range
 * requests by GET /media/…; a wrong or expired signature, or a deleted object, is a 404.
 * Only owner-scoped API answers ever contain such URLs.
 */
export interface MediaUrlSigner {
  sign(key: string, options?: { ttlSeconds?: number; downloadName?: string }): string;
}
