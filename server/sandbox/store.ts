// The sandbox's own records (migration 0007's sandbox_* tables): accounts found by their owner
// (a Reelflow user) and name, codes and tokens stored as sha256 only, upload sessions and the videos each channel holds. A video
// row and its upload's post_id are written in one transaction, and a unique upload_id on videos
// means an upload can never become two videos.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SandboxSimulation } from '../../contract/publishing';
import type { Db } from '../db/client';
import { sandboxAccounts, sandboxPosts, sandboxTokens, sandboxUploads, type SandboxAccountRow, type SandboxPostRow, type SandboxPostStatus, type SandboxTokenRow, type SandboxUploadRow } from '../db/schema-sandbox';
import { randomSecret, sha256Hex } from '../domain/auth/secrets';

export const ACCESS_TOKEN_SECONDS = 3599;
const CODE_SECONDS = 10 * 60;

/** Random text of exactly `length` URL-safe characters. */
export function randomId(length: number): string {
  return randomBytes(Math.ceil((length * 3) / 4) + 1)
    .toString('base64url')
    .slice(0, length);
}

function handleFor(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .slice(0, 30);
  return `@${slug || 'channel'}`;
}

/** The title a platform's upload metadata carries: YouTube's snippet.title, TikTok's post_info.title. */
function titleOf(metadata: Record<string, unknown>): string {
  for (const part of [metadata.snippet, metadata.post_info]) {
    const title = (part as { title?: unknown } | undefined)?.title;
    if (typeof title === 'string') return title;
  }
  return '';
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string | null;
  scope: string;
}

/** How one platform's ids and tokens look and last (defaults: Google's). */
export interface SandboxTokenStyle {
  accountIdPrefix: string;
  codePrefix: string;
  accessPrefix: string;
  refreshPrefix: string;
  accessSeconds: number;
  /** null: refresh tokens do not expire (Google). */
  refreshSeconds: number | null;
}

const GOOGLE_STYLE: SandboxTokenStyle = { accountIdPrefix: 'UC', codePrefix: '4/sbx-', accessPrefix: 'ya29.sbx-', refreshPrefix: '1//sbx-', accessSeconds: ACCESS_TOKEN_SECONDS, refreshSeconds: null };

export class SandboxStore {
  constructor(
    private readonly db: Db,
    readonly platform: string,
    readonly style: SandboxTokenStyle = GOOGLE_STYLE,
  ) {}

  /**
   * `owner`'s account of this name (created on their first consent with it); a new consent sets
   * its simulation. Another user's account of the same name is never touched: it is another account.
   */
  async upsertAccount(owner: number, name: string, simulate: SandboxSimulation): Promise<SandboxAccountRow> {
    const ownNamed = and(eq(sandboxAccounts.platform, this.platform), eq(sandboxAccounts.ownerUserId, owner), eq(sandboxAccounts.name, name));
    const existing = await this.db.update(sandboxAccounts).set({ simulate, updatedAt: new Date() }).where(ownNamed).returning();
    if (existing[0]) return existing[0];
    let handle = handleFor(name);
    for (let attempt = 0; attempt < 5; attempt++) {
      const inserted = await this.db
        .insert(sandboxAccounts)
        .values({ id: `${this.style.accountIdPrefix}${randomId(22)}`, platform: this.platform, ownerUserId: owner, name, handle, simulate })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return inserted[0];
      // Another consent of this owner created this name at the same moment, or the handle is taken by another of their names.
      const raced = await this.db.select().from(sandboxAccounts).where(ownNamed);
      if (raced[0]) return raced[0];
      handle = `${handleFor(name)}-${randomId(4).toLowerCase()}`;
    }
    throw new Error('could not create a sandbox account');
  }

  /** `owner`'s account by its id, `@handle` or handle without the @; null for anyone else's. */
  async findAccount(owner: number, key: string): Promise<SandboxAccountRow | null> {
    const handle = key.startsWith('@') ? key : `@${key}`;
    const rows = await this.db
      .select()
      .from(sandboxAccounts)
      .where(and(eq(sandboxAccounts.platform, this.platform), eq(sandboxAccounts.ownerUserId, owner), or(eq(sandboxAccounts.id, key), eq(sandboxAccounts.handle, handle.toLowerCase()))))
      .limit(1);
    return rows[0] ?? null;
  }

  /** A video of one of `owner`'s accounts; null for anyone else's. */
  async ownedPost(owner: number, id: string): Promise<SandboxPostRow | null> {
    const rows = await this.db
      .select({ post: sandboxPosts })
      .from(sandboxPosts)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxPosts.accountId))
      .where(and(eq(sandboxPosts.id, id), eq(sandboxPosts.platform, this.platform), eq(sandboxAccounts.ownerUserId, owner)));
    return rows[0]?.post ?? null;
  }

  async issueCode(input: { accountId: string; clientId: string; redirectUri: string; codeChallenge: string | null; scope: string }): Promise<string> {
    const code = `${this.style.codePrefix}${randomSecret(30)}`;
    await this.db.insert(sandboxTokens).values({
      tokenHash: sha256Hex(code),
      kind: 'code',
      accountId: input.accountId,
      grantId: randomId(24),
      clientId: input.clientId,
      redirectUri: input.redirectUri,
      codeChallenge: input.codeChallenge,
      scope: input.scope,
      expiresAt: new Date(Date.now() + CODE_SECONDS * 1000),
    });
    return code;
  }

  /** Spends a code: answers it only the first time, and only while it is fresh and not revoked. */
  async redeemCode(code: string): Promise<SandboxTokenRow | null> {
    const rows = await this.db
      .update(sandboxTokens)
      .set({ uses: sql`${sandboxTokens.uses} + 1` })
      .where(and(eq(sandboxTokens.tokenHash, sha256Hex(code)), eq(sandboxTokens.kind, 'code'), eq(sandboxTokens.uses, 0), isNull(sandboxTokens.revokedAt), gt(sandboxTokens.expiresAt, new Date())))
      .returning();
    return rows[0] ?? null;
  }

  /** `accessSeconds`: the access token's lifetime (the platform's style by default; Instagram's are 1 h or 60 days). */
  async issueTokens(grant: Pick<SandboxTokenRow, 'accountId' | 'grantId' | 'clientId' | 'scope'>, withRefresh: boolean, accessSeconds = this.style.accessSeconds): Promise<IssuedTokens> {
    const { accessPrefix, refreshPrefix, refreshSeconds } = this.style;
    const accessToken = `${accessPrefix}${randomSecret(36)}`;
    const refreshToken = withRefresh ? `${refreshPrefix}${randomSecret(36)}` : null;
    const base = { accountId: grant.accountId, grantId: grant.grantId, clientId: grant.clientId, scope: grant.scope };
    await this.db.insert(sandboxTokens).values([
      { ...base, tokenHash: sha256Hex(accessToken), kind: 'access', expiresAt: new Date(Date.now() + accessSeconds * 1000) },
      ...(refreshToken ? [{ ...base, tokenHash: sha256Hex(refreshToken), kind: 'refresh' as const, expiresAt: refreshSeconds === null ? null : new Date(Date.now() + refreshSeconds * 1000) }] : []),
    ]);
    return { accessToken, refreshToken, scope: grant.scope };
  }

  async findRefresh(token: string): Promise<{ token: SandboxTokenRow; account: SandboxAccountRow } | null> {
    const rows = await this.db
      .select({ token: sandboxTokens, account: sandboxAccounts })
      .from(sandboxTokens)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxTokens.accountId))
      .where(and(eq(sandboxTokens.tokenHash, sha256Hex(token)), eq(sandboxTokens.kind, 'refresh'), isNull(sandboxTokens.revokedAt), or(isNull(sandboxTokens.expiresAt), gt(sandboxTokens.expiresAt, new Date()))));
    return rows[0] ?? null;
  }

  /**
   * Spends one refresh token (rotating platforms: the old one dies when a new one is issued).
   * False when another request spent it first — that request's caller holds the new token.
   */
  async retireRefresh(token: string): Promise<boolean> {
    const rows = await this.db
      .update(sandboxTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(sandboxTokens.tokenHash, sha256Hex(token)), eq(sandboxTokens.kind, 'refresh'), isNull(sandboxTokens.revokedAt)))
      .returning({ tokenHash: sandboxTokens.tokenHash });
    return rows.length > 0;
  }

  /** The account of this platform with this id. */
  async account(id: string): Promise<SandboxAccountRow | null> {
    const rows = await this.db.select().from(sandboxAccounts).where(and(eq(sandboxAccounts.id, id), eq(sandboxAccounts.platform, this.platform)));
    return rows[0] ?? null;
  }

  /** A live (not expired, not revoked) access token's row and account: Instagram's tokens refresh themselves. */
  async findAccess(token: string): Promise<{ token: SandboxTokenRow; account: SandboxAccountRow } | null> {
    const rows = await this.db
      .select({ token: sandboxTokens, account: sandboxAccounts })
      .from(sandboxTokens)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxTokens.accountId))
      .where(and(eq(sandboxTokens.tokenHash, sha256Hex(token)), eq(sandboxTokens.kind, 'access'), isNull(sandboxTokens.revokedAt), gt(sandboxTokens.expiresAt, new Date())));
    return rows[0] ?? null;
  }

  /** A live access token's account and uses (counting this one when `count`); null when unknown, expired or revoked. */
  async useAccessToken(token: string, count: boolean): Promise<{ uses: number; account: SandboxAccountRow } | null> {
    const used = await this.db
      .update(sandboxTokens)
      .set({ uses: count ? sql`${sandboxTokens.uses} + 1` : sql`${sandboxTokens.uses}` })
      .where(and(eq(sandboxTokens.tokenHash, sha256Hex(token)), eq(sandboxTokens.kind, 'access'), isNull(sandboxTokens.revokedAt), gt(sandboxTokens.expiresAt, new Date())))
      .returning({ uses: sandboxTokens.uses, accountId: sandboxTokens.accountId });
    if (!used[0]) return null;
    const account = await this.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, used[0].accountId));
    return account[0] ? { uses: used[0].uses, account: account[0] } : null;
  }

  /**
   * The account behind a Bearer access token, or null when it is refused. Reading the profile
   * (`counts` false) never counts as a use, so connecting always works; the other calls do: an
   * 'expired' account's token works for one of them, a 'revoked' one's for none (revoked right
   * after connecting — and its refresh fails).
   */
  async accountForToken(token: string | null, counts: boolean): Promise<SandboxAccountRow | null> {
    const used = token ? await this.useAccessToken(token, counts) : null;
    if (!used) return null;
    if (counts && ((used.account.simulate === 'expired' && used.uses > 1) || used.account.simulate === 'revoked')) return null;
    return used.account;
  }

  /**
   * Ends an upload whose last byte arrived: the post (processing until `processingMs` from now,
   * then `outcome`) with the file's hash; the bytes are dropped — the sandbox keeps size and hash.
   */
  async finishUpload(upload: SandboxUploadRow, files: { sha256(id: string, size: number): Promise<string | null>; remove(id: string): Promise<void> }, outcome: { status: SandboxPostStatus; statusReason: string | null }, processingMs: number): Promise<SandboxPostRow> {
    const post = await this.completeUpload(upload, { sha256: await files.sha256(upload.id, upload.totalBytes), ...outcome, readyAt: new Date(Date.now() + processingMs) });
    await files.remove(upload.id);
    return post;
  }

  /** Revokes the whole grant the token belongs to (access, refresh and unused code alike). */
  async revokeGrant(token: string): Promise<boolean> {
    const found = await this.db.select({ grantId: sandboxTokens.grantId }).from(sandboxTokens).where(eq(sandboxTokens.tokenHash, sha256Hex(token)));
    if (!found[0]) return false;
    await this.db.update(sandboxTokens).set({ revokedAt: new Date() }).where(and(eq(sandboxTokens.grantId, found[0].grantId), isNull(sandboxTokens.revokedAt)));
    return true;
  }

  async createUpload(input: { accountId: string; metadata: Record<string, unknown>; contentType: string; totalBytes: number }): Promise<SandboxUploadRow> {
    const rows = await this.db
      .insert(sandboxUploads)
      .values({ id: randomId(32), ...input })
      .returning();
    return rows[0]!;
  }

  async upload(id: string): Promise<SandboxUploadRow | null> {
    const rows = await this.db.select().from(sandboxUploads).where(eq(sandboxUploads.id, id));
    return rows[0] ?? null;
  }

  /** Counts a PUT on the session; returns its number (1-based), the seed of 'flaky'. */
  async countRequest(id: string): Promise<number> {
    const rows = await this.db
      .update(sandboxUploads)
      .set({ requests: sql`${sandboxUploads.requests} + 1` })
      .where(eq(sandboxUploads.id, id))
      .returning({ requests: sandboxUploads.requests });
    return rows[0]?.requests ?? 0;
  }

  /** Moves received_bytes forward (never back) once bytes are on disk. */
  async recordBytes(id: string, receivedBytes: number): Promise<number> {
    const rows = await this.db
      .update(sandboxUploads)
      .set({ receivedBytes: sql`greatest(${sandboxUploads.receivedBytes}, ${receivedBytes})`, updatedAt: new Date() })
      .where(eq(sandboxUploads.id, id))
      .returning({ receivedBytes: sandboxUploads.receivedBytes });
    return rows[0]?.receivedBytes ?? 0;
  }

  /**
   * The upload's video: created with the upload's post_id in one transaction; a second call (two
   * final PUTs racing) finds the first one's video instead of making another.
   */
  async completeUpload(upload: SandboxUploadRow, video: { sha256: string | null; status: SandboxPostStatus; statusReason: string | null; readyAt: Date }): Promise<SandboxPostRow> {
    return this.db.transaction(async (tx) => {
      const title = titleOf(upload.metadata);
      const inserted = await tx
        .insert(sandboxPosts)
        .values({
          id: randomId(11),
          accountId: upload.accountId,
          platform: this.platform,
          uploadId: upload.id,
          title,
          metadata: upload.metadata,
          sizeBytes: upload.totalBytes,
          ...video,
        })
        .onConflictDoNothing({ target: sandboxPosts.uploadId })
        .returning();
      const post = inserted[0] ?? (await tx.select().from(sandboxPosts).where(eq(sandboxPosts.uploadId, upload.id)))[0]!;
      await tx.update(sandboxUploads).set({ postId: post.id, receivedBytes: upload.totalBytes, updatedAt: new Date() }).where(eq(sandboxUploads.id, upload.id));
      return post;
    });
  }

  async post(id: string): Promise<SandboxPostRow | null> {
    const rows = await this.db.select().from(sandboxPosts).where(and(eq(sandboxPosts.id, id), eq(sandboxPosts.platform, this.platform)));
    return rows[0] ?? null;
  }

  async postsOf(accountId: string, ids?: string[]): Promise<SandboxPostRow[]> {
    const where = ids ? and(eq(sandboxPosts.accountId, accountId), inArray(sandboxPosts.id, ids)) : eq(sandboxPosts.accountId, accountId);
    return this.db.select().from(sandboxPosts).where(where).orderBy(asc(sandboxPosts.createdAt), asc(sandboxPosts.id));
  }
}
