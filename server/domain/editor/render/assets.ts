// Asset names of a timeline → files: `v/<path>` is under the video's own folder, `m/<uuid>` the
// creator's upload (looked up as theirs at render time: deleted since → the creator's doing).
// Each file is fetched into the work folder once per run, however many scenes use it.
import { createHash } from 'node:crypto';
import { extname, join } from 'node:path';
import { CreatorCauseError } from '../../videos/pipeline/failures';
import type { VersionContext } from './context';

export async function assetKey(context: VersionContext, asset: string): Promise<string> {
  if (asset.startsWith('v/')) return `${context.prefix}${asset.slice(2)}`;
  const mediaId = asset.slice(2);
  const found = (await context.services.sceneMedia(context.services.db, context.video.userId, [mediaId])).get(mediaId);
  if (!found || found.kind === 'audio') throw new CreatorCauseError('An image or clip you chose in the editor was deleted from your library. Choose another one and render again.');
  return found.key;
}

const fetched = new WeakMap<VersionContext, Map<string, Promise<string>>>();

/** A local copy of the asset's file (downloaded once per run). */
export function localAsset(context: VersionContext, key: string): Promise<string> {
  let files = fetched.get(context);
  if (!files) fetched.set(context, (files = new Map<string, Promise<string>>()));
  let file = files.get(key);
  if (!file) {
    const name = `${createHash('sha1').update(key).digest('hex').slice(0, 16)}${extname(key)}`;
    file = context.services.storage.download(key, join(context.workDir, name));
    files.set(key, file);
  }
  return file;
}
