// The music library: POST /api/upload-music (spec), and the list/show/rename/delete
// calls the spec does not show (docs/decisions/media-library.md). Owner-scoped; mutations honour
// Idempotency-Key (the PWA's outbox may deliver them twice). The built-in tracks
// (server/media/music) are public: their list, and a preview rendered on first use.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Paginated } from '../../../contract/http';
import { BUILTIN_MUSIC, BUILTIN_MUSIC_LICENCE, builtinMusicDuration, builtinMusicPreviewPath, builtinMusicTrack, type BuiltinMusicTrack } from '../../../contract/builtin-music';
import { MUSIC_UPLOAD_LIMIT_BYTES, updateMusicRequest, type MusicTrack } from '../../../contract/videos';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { paginatedRows } from '../../domain/media-library/paginate';
import {
  assertMusicRoom,
  deleteMusicTrackRow,
  findMusicTrack,
  findMusicTrackRow,
  insertMusicTrack,
  listMusicTracks,
  MUSIC_TRACK_NOT_FOUND,
  musicFolder,
  renameMusicTrack,
  toMusicTrack,
} from '../../domain/media-library/music';
import { ensureBuiltinTrack } from '../../media/music/builtin-store';
import { checkAudio } from '../../media/upload-checks';
import { NotFoundError } from '../../domain/problems';
import { byAddress, rateLimited } from '../rate-limits';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotencyKeyOf, pathOf, sendResult } from '../idempotency';
import { deleteLibraryItem, mediaListQuery, mediaUploadLimit } from '../media-library';
import { registerMultipart, sweepStaleSpoolFiles, uploadSpoolDir } from '../multipart';
import { handleUpload, titleFromFilename } from '../upload-flow';
import { parseBody } from '../validation';

const idParams = z.object({ id: z.uuid('The music track id must be a valid UUID.') });

/** A built-in track as GET /api/builtin-music lists it. */
export interface BuiltinMusicEntry extends BuiltinMusicTrack {
  /** Seconds of one loop. */
  duration: number;
  licence: string;
  /** Redirects to the preview's signed URL (rendered on first use). */
  preview_src: string;
}

const builtinEntries: BuiltinMusicEntry[] = BUILTIN_MUSIC.map((track) => ({
  ...track,
  duration: Math.round(builtinMusicDuration(track) * 10) / 10,
  licence: BUILTIN_MUSIC_LICENCE,
  preview_src: builtinMusicPreviewPath(track.id),
}));

/** Long enough to finish listening; the redirect itself is never cached, so a later play signs anew. */
const PREVIEW_URL_TTL_SECONDS = 3600;

const uploadFields = z.object({
  id: z.uuid('The id field must be a valid UUID.').optional(),
  title: z.string().trim().min(1, 'The title field is required.').max(200, 'The title field must not be greater than 200 characters.').optional(),
});

export async function musicRoutes(app: FastifyInstance, { database, storage, mediaUrls, musicComposer, config }: AppContext): Promise<void> {
  const { db } = database;
  const spoolDir = uploadSpoolDir(config.dataDir);
  const uploadLimit = mediaUploadLimit(db, config);
  // Once per start: what a killed process left in the spool folder (both upload routes share it).
  void sweepStaleSpoolFiles(spoolDir).then((removed) => {
    if (removed > 0) app.log.info({ removed }, 'removed stale upload spool files');
  });

  await app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post('/api/upload-music', { preHandler: [requireAuth, uploadLimit] }, (request, reply) =>
      handleUpload(request, reply, { db, storage, spoolDir }, {
        fileFields: ['music', 'file'],
        maxFileBytes: MUSIC_UPLOAD_LIMIT_BYTES,
        fields: uploadFields,
        check: (file) => checkAudio(file.path),
        assertRoom: assertMusicRoom,
        folder: musicFolder,
        findExisting: async (db, userId, id) => {
          const row = await findMusicTrackRow(db, userId, id);
          return row ? toMusicTrack(row, mediaUrls) : null;
        },
        insert: async (tx, userId, item) =>
          toMusicTrack(
            await insertMusicTrack(tx, userId, {
              id: item.id,
              title: item.fields.title ?? titleFromFilename(item.filename, 'Untitled track'),
              duration: item.info.duration,
              sizeBytes: item.sizeBytes,
              mimeType: item.info.mimeType,
              storageKey: item.storageKey,
            }),
            mediaUrls,
          ),
      }),
    );
  });

  app.get('/api/builtin-music', () => ({ data: builtinEntries }));

  const previewLimit = rateLimited(db, [{ bucket: 'music-preview:address', limit: config.rateLimits.musicPreview, key: byAddress }]);
  app.get('/api/builtin-music/:id/preview', { preHandler: previewLimit }, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const track = builtinMusicTrack(id);
    if (!track) throw new NotFoundError(MUSIC_TRACK_NOT_FOUND);
    const key = await ensureBuiltinTrack(storage, musicComposer, track, 'preview');
    return reply.header('cache-control', 'no-store').redirect(mediaUrls.sign(key, { ttlSeconds: PREVIEW_URL_TTL_SECONDS }), 302);
  });

  app.get('/api/music', { preHandler: requireAuth, config: { authIdentityOnly: true } }, async (request): Promise<Paginated<MusicTrack>> => {
    const query = parseBody(mediaListQuery, request.query);
    const page = { page: query.page, perPage: query.per_page, search: query.search };
    return paginatedRows(await listMusicTracks(db, currentAuth(request).user.id, page), page, (row) => toMusicTrack(row, mediaUrls));
  });

  app.get('/api/music/:id', { preHandler: requireAuth, config: { authIdentityOnly: true } }, async (request): Promise<MusicTrack> => {
    const { id } = parseBody(idParams, request.params);
    return findMusicTrack(db, mediaUrls, currentAuth(request).user.id, id);
  });

  app.put('/api/music/:id', { preHandler: requireAuth }, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const { title } = parseBody(updateMusicRequest, request.body);
    const userId = currentAuth(request).user.id;
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'PUT', path: pathOf(request), body: request.body }, async (tx) => ({
      status: 200,
      body: await renameMusicTrack(tx, mediaUrls, userId, id, title),
    }));
    return sendResult(reply, result);
  });

  app.delete('/api/music/:id', { preHandler: requireAuth }, async (request, reply) =>
    deleteLibraryItem(request, reply, { db, storage }, {
      id: parseBody(idParams, request.params).id,
      deleteRow: deleteMusicTrackRow,
      folder: musicFolder,
      deleted: 'Music track deleted.',
      folderError: 'could not delete a music track file',
    }),
  );
}
