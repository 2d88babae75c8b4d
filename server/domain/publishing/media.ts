// The file a target publishes, read from media storage (disk or S3) in the ranges the adapter asks
// for: a resumed upload reads from where the platform stopped, never the whole file into memory.
import type { MediaStorage, MediaUrlSigner } from '../../media/storage/types';
import type { PublishMedia } from '../ports/social';

async function collect(stream: AsyncIterable<unknown>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A signed, expiring, absolute address of a stored object (GET /media/… under APP_URL). */
export type PublicMediaUrl = (key: string, ttlSeconds: number) => string;

/** null when the stored file is gone (the video was deleted meanwhile). */
export async function storedMedia(storage: MediaStorage, key: string, publicUrl?: PublicMediaUrl): Promise<PublishMedia | null> {
  const stat = await storage.stat(key);
  if (!stat) return null;
  return {
    size: stat.size,
    mimeType: stat.contentType || 'video/mp4',
    async read(start, end) {
      const last = Math.min(end, stat.size);
      if (last <= start) return new Uint8Array(0);
      return collect(await storage.read(key, { start, end: last - 1 }));
    },
    ...(publicUrl ? { publicUrl: (ttlSeconds: number) => publicUrl(key, ttlSeconds) } : {}),
  };
}

/** PublicMediaUrl from the media URL signer: `${APP_URL}/media/<key>?exp&sig`. */
export function publicMediaUrls(appUrl: string, signer: MediaUrlSigner): PublicMediaUrl {
  const base = appUrl.replace(/\/+$/, '');
  return (key, ttlSeconds) => `${base}${signer.sign(key, { ttlSeconds })}`;
}
