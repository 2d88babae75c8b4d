// What the two media-library route files (music, scene media) share: the list query, the one
// upload rate-limit bucket and the delete that removes a row and then its storage folder.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { runIdempotent } from '../domain/idempotency/idempotency';
import type { MediaStorage } from '../media/storage/types';
import { currentAuth } from './auth';
import { idempotencyKeyOf, pathOf, sendResult } from './idempotency';
import { byUser, rateLimited } from './rate-limits';

export const mediaListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(50),
  search: z.string().max(200).optional(),
});

/** One bucket for every upload route: the limit is on ffmpeg work per user, whatever the route. */
export function mediaUploadLimit(db: Db, config: Pick<Config, 'rateLimits'>): preHandlerAsyncHookHandler {
  return rateLimited(db, [{ bucket: 'upload:user', limit: config.rateLimits.upload, key: byUser }]);
}

export interface LibraryItemDelete {
  id: string;
  /** Removes the owner's row inside the request's transaction; already gone is not an error. */
  deleteRow: (tx: Db, userId: number, id: string) => Promise<unknown>;
  folder: (userId: number, id: string) => string;
  /** The answer's message, e.g. "Music track deleted.". */
  deleted: string;
  /** Logged when the folder cannot be removed. */
  folderError: string;
}

/**
 * DELETE of a library item, idempotent like every delete (already gone is deleted). The folder
 * is removed after the row has committed: a failure there leaves an unreachable file, never a
 * row without its file.
 */
export async function deleteLibraryItem(request: FastifyRequest, reply: FastifyReply, { db, storage }: { db: Db; storage: MediaStorage }, item: LibraryItemDelete): Promise<FastifyReply> {
  const userId = currentAuth(request).user.id;
  const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'DELETE', path: pathOf(request), body: null }, async (tx) => {
    await item.deleteRow(tx, userId, item.id);
    return { status: 200, body: { message: item.deleted } };
  });
  await storage.deletePrefix(item.folder(userId, item.id)).catch((error: unknown) => request.log.error({ err: error }, item.folderError));
  return sendResult(reply, result);
}
