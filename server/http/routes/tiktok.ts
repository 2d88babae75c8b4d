// TikTok's own route: GET /api/tiktok/creator-info?account_id= — the options the
// compose form offers for a TikTok account (privacy levels, disabled interactions, longest video),
// from TikTok's creator_info, kept a minute per account. Owner-scoped; needs can_publish_post.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tiktokCreatorInfoQuery, type TiktokCreatorInfo } from '../../../contract/publishing';
import { canPublish, PUBLISH_FORBIDDEN } from '../../domain/social/accounts';
import { createCreatorInfoCache, tiktokCreatorInfo } from '../../domain/social/tiktok-creator-info';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { parseBody } from '../validation';

async function requirePublish(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (canPublish(currentAuth(request).user.plan)) return undefined;
  return reply.code(403).send({ message: PUBLISH_FORBIDDEN });
}

export function tiktokRoutes(app: FastifyInstance, context: AppContext): void {
  const cache = createCreatorInfoCache();
  app.get('/api/tiktok/creator-info', { preHandler: [requireAuth, requirePublish] }, async (request, reply): Promise<{ data: TiktokCreatorInfo }> => {
    const { account_id: accountId } = parseBody(tiktokCreatorInfoQuery, request.query);
    const data = await tiktokCreatorInfo({ db: context.database.db, adapters: context.social, tokens: context.accountTokens }, cache, currentAuth(request).user.id, accountId);
    void reply.header('cache-control', 'private, no-store');
    return { data };
  });
}
