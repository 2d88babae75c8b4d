// Test data for the publishing collections and screens: server posts, accounts, failed
// jobs and publishable videos in the contract's shapes.
import type { FailedJob, Post, PostTarget, PublishableVideo, SocialAccount } from '../../../contract/publishing';
import type { LocalAccount } from '../../../src/store';

export const VIDEO_ID = '11111111-1111-4111-8111-111111111111';
export const VIDEO_2_ID = '22222222-2222-4222-8222-222222222222';
export const ACCOUNT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const ACCOUNT_2_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export function publishableVideo(id: string, fields: Partial<PublishableVideo> = {}): PublishableVideo {
  return { id, title: `Video ${id.slice(0, 4)}`, thumbnail_url: null, duration: 42, width: 1080, height: 1920, created_at: '2026-01-01T00:00:00.000Z', ...fields };
}

export function account(id: string, fields: Partial<SocialAccount> = {}): LocalAccount {
  return {
    id,
    platform: 'youtube',
    name: `Channel ${id.slice(0, 4)}`,
    handle: null,
    avatar_url: null,
    sandbox: true,
    health: 'ok',
    health_reason: null,
    token_expires_at: null,
    blocked_targets: 0,
    connected_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
    syncStatus: 'synced',
    syncError: null,
    failedOutboxId: null,
  };
}

export function target(accountId: string, fields: Partial<PostTarget> = {}): PostTarget {
  return {
    id: `t-${accountId.slice(0, 4)}`,
    account_id: accountId,
    platform: 'youtube',
    account_name: `Channel ${accountId.slice(0, 4)}`,
    sandbox: true,
    status: 'scheduled',
    attempts: 0,
    platform_post_id: null,
    url: null,
    error: null,
    error_code: null,
    error_class: null,
    next_attempt_at: null,
    published_at: null,
    ...fields,
  };
}

export function serverPost(id: string, fields: Partial<Post> = {}): Post {
  return {
    id,
    status: 'scheduled',
    video_id: VIDEO_ID,
    video: { id: VIDEO_ID, title: 'Trains at night', thumbnail_url: null, duration: 42 },
    caption: 'A caption',
    scheduled_at: '2030-01-01T10:00:00.000Z',
    timezone: 'UTC',
    options: { youtube: { title: 'Trains at night', description: '', tags: [], privacy: 'public', made_for_kids: false, ai_disclosure: true, category_id: '22' } },
    targets: [target(ACCOUNT_ID)],
    published_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function failedJob(id: string, fields: Partial<FailedJob> = {}): FailedJob {
  return {
    id,
    kind: 'publish',
    platform: 'youtube',
    account_id: ACCOUNT_ID,
    account_name: 'My channel',
    post_id: 'p1',
    video_id: VIDEO_ID,
    video_title: 'Trains at night',
    post_title: 'Trains at night',
    series_name: null,
    attempts: 3,
    reason: 'YouTube’s daily upload quota is used up; it resets at midnight Pacific time.',
    code: 'quotaExceeded',
    error_class: 'quota',
    failed_at: '2026-01-02T00:00:00.000Z',
    ...fields,
  };
}
