// TikTok's creator_info for the compose form (reference/platforms.md §2 "Creator info"):
// the privacy levels the account may use, which interactions it has turned off, and its longest
// video. TikTok allows 20 calls a minute per token and asks for a fresh query before each post
// form, so answers are kept for a minute per account — opening the form repeatedly stays cheap.
import { and, eq, isNull } from 'drizzle-orm';
import type { TiktokCreatorInfo } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { socialAccounts } from '../../db/schema';
import { SocialError, type SocialAdapters } from '../ports/social';
import { ClientProblem, NotFoundError } from '../problems';
import type { AccountTokenService } from './types';

export const CREATOR_INFO_CACHE_MS = 60_000;

export interface CreatorInfoDeps {
  db: Db;
  adapters: SocialAdapters;
  tokens: AccountTokenService;
  now?: () => number;
}

/** Per account id: the answer and when it was fetched. One per process, shared by all requests. */
export type CreatorInfoCache = Map<string, { at: number; info: TiktokCreatorInfo }>;

export function createCreatorInfoCache(): CreatorInfoCache {
  return new Map();
}

/** The plain answer for a platform refusal: reconnect → 409, rate → 429, the rest 502/503. */
function problemOf(error: SocialError): ClientProblem {
  if (error.errorClass === 'disconnect' || error.errorClass === 'auth') return new ClientProblem(409, error.message);
  if (error.errorClass === 'rate') return new ClientProblem(429, error.message, { 'retry-after': String(error.retryAfterSeconds ?? 60) });
  if (error.errorClass === 'retry') return new ClientProblem(503, error.message, { 'retry-after': '30' });
  return new ClientProblem(502, error.message);
}

/** The caller's connected TikTok account's creator info (404 for any other account). */
export async function tiktokCreatorInfo(deps: CreatorInfoDeps, cache: CreatorInfoCache, userId: number, accountId: string): Promise<TiktokCreatorInfo> {
  const rows = await deps.db
    .select({ id: socialAccounts.id, sandbox: socialAccounts.sandbox })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.userId, userId), eq(socialAccounts.platform, 'tiktok'), isNull(socialAccounts.disconnectedAt)));
  const account = rows[0];
  if (!account) throw new NotFoundError('This TikTok account is not connected.');
  const adapter = deps.adapters.tiktok;
  if (!adapter?.creatorInfo || adapter.sandbox !== account.sandbox) throw new ClientProblem(409, 'This TikTok account cannot be reached from this server. Reconnect it.');
  const now = (deps.now ?? Date.now)();
  const cached = cache.get(account.id);
  if (cached && now - cached.at < CREATOR_INFO_CACHE_MS) return cached.info;
  try {
    const info = await adapter.creatorInfo({ accessToken: (options) => deps.tokens.accessToken(account.id, options) });
    const answer: TiktokCreatorInfo = {
      account_id: account.id,
      privacy_level_options: info.privacy_level_options,
      comment_disabled: info.comment_disabled,
      duet_disabled: info.duet_disabled,
      stitch_disabled: info.stitch_disabled,
      max_video_post_duration_sec: info.max_video_post_duration_sec,
      nickname: info.creator_nickname,
      username: info.creator_username,
      avatar_url: info.creator_avatar_url,
    };
    // Drop what has gone stale so the map stays as small as the set of accounts in use.
    for (const [key, entry] of cache) if (now - entry.at >= CREATOR_INFO_CACHE_MS) cache.delete(key);
    cache.set(account.id, { at: now, info: answer });
    return answer;
  } catch (error) {
    if (error instanceof SocialError) throw problemOf(error);
    throw error;
  }
}
