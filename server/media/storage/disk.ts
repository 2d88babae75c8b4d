// Media on the local disk (the default): objects are files under `root` (DATA_DIR/media) at their
// key's path; each object's content type sits beside it in `root/.meta/<key>.json` (a folder no
// valid key can name, since key segments never start with a dot). Writes go to a temp file in the
// target's folder and are renamed into place, so a reader sees the old object or the whole new
// one — never half a file, even when the process dies mid-write.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { assertStorageKey, assertStoragePrefix, contentTypeForKey, ObjectNotFoundError } from './keys';
import type { ByteRange, MediaStorage, StoredObject } from './types';

const META_DIR = '.meta';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function tempPathBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Writes via temp + rename; `fill` produces the temp file's content. */
async function writeAtomically(target: string, fill: (tempPath: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temp = tempPathBeside(target);
  try {
    await fill(temp);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export function createDiskStorage(root: string): MediaStorage {
  const objectPath = (key: string) => join(root, assertStorageKey(key));
  const metaPath = (key: string) => join(root, META_DIR, `${assertStorageKey(key)}.json`);

  async function writeMeta(key: string, contentType: string): Promise<void> {
    await writeAtomically(metaPath(key), (temp) => writeFile(temp, JSON.stringify({ contentType })));
  }

  async function contentTypeOf(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(metaPath(key), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string' && meta.contentType) return meta.contentType;
    } catch {
      // No (readable) metadata: an object written by hand or a crash between the two renames.
    }
    return contentTypeForKey(key);
  }

  async function statObject(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(objectPath(key));
      if (!info.isFile()) return null;
      return { size: info.size, contentType: await contentTypeOf(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Removes `prefix` under `base`: a whole folder (`a/b/`) or every entry starting with it. */
  async function removePrefixUnder(base: string, prefix: string): Promise<void> {
    if (prefix.endsWith('/')) {
      await rm(join(base, prefix.slice(0, -1)), { recursive: true, force: true });
      return;
    }
    const folder = join(base, dirname(prefix));
    const start = basename(prefix);
    let entries: string[];
    try {
      entries = await readdir(folder);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    await Promise.all(entries.filter((name) => name.startsWith(start)).map((name) => rm(join(folder, name), { recursive: true, force: true })));
  }

  return {
    kind: 'disk',

    async putFile(key, localPath, contentType) {
      const target = objectPath(key);
      await writeAtomically(target, async (temp) => {
        try {
          // Same file system (uploads are spooled under DATA_DIR): a move, no copy.
          await rename(localPath, temp);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
          await copyFile(localPath, temp);
        }
      });
      await writeMeta(key, contentType);
      const info = await stat(target);
      return { size: info.size, contentType };
    },

    async putBuffer(key, data, contentType) {
      await writeAtomically(objectPath(key), (temp) => writeFile(temp, data));
      await writeMeta(key, contentType);
      return { size: data.length, contentType };
    },

    stat: statObject,

    async read(key, range?: ByteRange) {
      let handle;
      try {
        // Opened here (not lazily by the stream) so a missing object is an error of this call.
        handle = await open(objectPath(key), 'r');
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key);
        throw error;
      }
      // The stream closes the handle when it ends or is destroyed (autoClose).
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async download(key, localPath) {
      await mkdir(dirname(localPath), { recursive: true });
      try {
        await writeAtomically(localPath, (temp) => copyFile(objectPath(key), temp));
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key);
        throw error;
      }
      return localPath;
    },

    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      await removePrefixUnder(root, prefix);
      await removePrefixUnder(join(root, META_DIR), prefix);
    },
  };
}
