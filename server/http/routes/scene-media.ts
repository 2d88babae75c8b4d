// The creator's own images and clips for scenes: POST /api/media (multipart `file`),
// GET /api/media (paginator, newest first, optional `kind`), GET and DELETE /api/media/{id}.
// Documented in docs/decisions/media-library.md.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Paginated } from '../../../contract/http';
import type { SceneMedia } from '../../../contract/videos';
import { paginatedRows } from '../../domain/media-library/paginate';
import {
  assertSceneMediaRoom,
  deleteSceneMediaRow,
  findSceneMediaRow,
  insertSceneMedia,
  listSceneMedia,
  SCENE_CLIP_LIMIT_BYTES,
  SCENE_IMAGE_LIMIT_BYTES,
  SCENE_MEDIA_NOT_FOUND,
  sceneMediaFolder,
  toSceneMedia,
} from '../../domain/media-library/scene-media';
import { NotFoundError } from '../../domain/problems';
import { checkSceneMedia } from '../../media/upload-checks';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { deleteLibraryItem, mediaListQuery, mediaUploadLimit } from '../media-library';
import { registerMultipart, uploadSpoolDir, UploadTooLargeError } from '../multipart';
import { handleUpload } from '../upload-flow';
import { parseBody } from '../validation';

const listQuery = mediaListQuery.omit({ search: true }).extend({
  kind: z.enum(['image', 'video'], { message: 'The kind must be image or video.' }).optional(),
});
const idParams = z.object({ id: z.uuid('The media id must be a valid UUID.') });
const uploadFields = z.object({ id: z.uuid('The id field must be a valid UUID.').optional() });

export async function sceneMediaRoutes(app: FastifyInstance, { database, storage, mediaUrls, config }: AppContext): Promise<void> {
  const { db } = database;
  const spoolDir = uploadSpoolDir(config.dataDir);
  const uploadLimit = mediaUploadLimit(db, config);

  await app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post('/api/media', { preHandler: [requireAuth, uploadLimit] }, (request, reply) =>
      handleUpload(request, reply, { db, storage, spoolDir }, {
        fileFields: ['file', 'media'],
        maxFileBytes: SCENE_CLIP_LIMIT_BYTES,
        fields: uploadFields,
        check: async (file) => {
          const checked = await checkSceneMedia(file.path, file.size, SCENE_IMAGE_LIMIT_BYTES);
          if (!checked.ok && checked.overLimitBytes !== undefined) throw new UploadTooLargeError('file', checked.overLimitBytes, 'image');
          return checked;
        },
        assertRoom: assertSceneMediaRoom,
        folder: sceneMediaFolder,
        findExisting: async (db, userId, id) => {
          const row = await findSceneMediaRow(db, userId, id);
          return row ? toSceneMedia(row, mediaUrls) : null;
        },
        insert: async (tx, userId, item) =>
          toSceneMedia(
            await insertSceneMedia(tx, userId, {
              id: item.id,
              kind: item.info.kind,
              mimeType: item.info.mimeType,
              sizeBytes: item.sizeBytes,
              width: item.info.width,
              height: item.info.height,
              duration: item.info.duration,
              storageKey: item.storageKey,
            }),
            mediaUrls,
          ),
      }),
    );
  });

  app.get('/api/media', { preHandler: requireAuth, config: { authIdentityOnly: true } }, async (request): Promise<Paginated<SceneMedia>> => {
    const query = parseBody(listQuery, request.query);
    const page = { page: query.page, perPage: query.per_page, kind: query.kind };
    return paginatedRows(await listSceneMedia(db, currentAuth(request).user.id, page), page, (row) => toSceneMedia(row, mediaUrls));
  });

  app.get('/api/media/:id', { preHandler: requireAuth, config: { authIdentityOnly: true } }, async (request): Promise<SceneMedia> => {
    const { id } = parseBody(idParams, request.params);
    const row = await findSceneMediaRow(db, currentAuth(request).user.id, id);
    if (!row) throw new NotFoundError(SCENE_MEDIA_NOT_FOUND);
    return toSceneMedia(row, mediaUrls);
  });

  app.delete('/api/media/:id', { preHandler: requireAuth }, async (request, reply) =>
    deleteLibraryItem(request, reply, { db, storage }, {
      id: parseBody(idParams, request.params).id,
      deleteRow: deleteSceneMediaRow,
      folder: sceneMediaFolder,
      deleted: 'Media deleted.',
      folderError: 'could not delete scene media files',
    }),
  );
}
