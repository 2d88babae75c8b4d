// Which posts keep the page polling (src/features/publishing/data/post-polling.ts): one being published, or one
// whose target is due (now, or within the drift allowance); not drafts, not posts due later, not
// finished ones, not rows still waiting in the outbox. The signature changes with any target status.
import { describe, expect, it } from 'vitest';
import type { Post } from '../../contract';
import { DUE_SOON_MS, livePostsSignature } from '../../src/features/publishing/data/post-polling';
import type { LocalPost } from '../../src/store';
import { ACCOUNT_2_ID, ACCOUNT_ID, serverPost, target } from './helpers/publishing';

const NOW = Date.parse('2030-01-01T10:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

function local(id: string, fields: Partial<Post> = {}, syncStatus: LocalPost['syncStatus'] = 'synced'): LocalPost {
  return { ...serverPost(id, fields), syncStatus, syncError: null, failedOutboxId: null };
}

describe('livePostsSignature', () => {
  it('is null when nothing is being published or due', () => {
    expect(livePostsSignature([], NOW)).toBeNull();
    const later = local('p1', { scheduled_at: at(10 * 60_000) });
    const draft = local('p2', { status: 'draft', scheduled_at: null, targets: [target(ACCOUNT_ID, { status: 'draft' })] });
    const done = local('p3', { status: 'published', scheduled_at: null, targets: [target(ACCOUNT_ID, { status: 'published' })] });
    const failed = local('p4', { status: 'failed', scheduled_at: null, targets: [target(ACCOUNT_ID, { status: 'failed' })] });
    const blocked = local('p5', { scheduled_at: null, targets: [target(ACCOUNT_ID, { status: 'blocked' })] });
    const backingOff = local('p6', { scheduled_at: null, targets: [target(ACCOUNT_ID, { next_attempt_at: at(5 * 60_000) })] });
    expect(livePostsSignature([later, draft, done, failed, blocked, backingOff], NOW)).toBeNull();
  });

  it('names a post that is publishing, due now, due within the allowance, or whose retry is due', () => {
    expect(livePostsSignature([local('p1', { status: 'publishing', targets: [target(ACCOUNT_ID, { status: 'publishing', attempts: 1 })] })], NOW)).toBe('p1:publishing:publishing/1');
    expect(livePostsSignature([local('p2', { scheduled_at: null })], NOW)).toBe('p2:scheduled:scheduled/0');
    expect(livePostsSignature([local('p3', { scheduled_at: at(DUE_SOON_MS - 1000) })], NOW)).toBe('p3:scheduled:scheduled/0');
    expect(livePostsSignature([local('p3', { scheduled_at: at(DUE_SOON_MS + 1000) })], NOW)).toBeNull();
    expect(livePostsSignature([local('p4', { scheduled_at: at(-60_000), targets: [target(ACCOUNT_ID, { attempts: 2, next_attempt_at: at(-1000) })] })], NOW)).toBe('p4:scheduled:scheduled/2');
  });

  it('leaves out rows still waiting in the outbox (the server does not know them yet)', () => {
    expect(livePostsSignature([local('p1', { scheduled_at: null }, 'pending')], NOW)).toBeNull();
  });

  it('changes when a target moves on, and does not depend on the order of the rows', () => {
    const two = (first: PostTarget['status']) =>
      local('p1', { status: 'publishing', targets: [target(ACCOUNT_ID, { status: first, attempts: 1 }), target(ACCOUNT_2_ID, { status: 'publishing', attempts: 1 })] });
    const other = local('p2', { scheduled_at: null });
    expect(livePostsSignature([two('publishing'), other], NOW)).toBe(livePostsSignature([other, two('publishing')], NOW));
    expect(livePostsSignature([two('published'), other], NOW)).not.toBe(livePostsSignature([two('publishing'), other], NOW));
  });
});

type PostTarget = Post['targets'][number];
