// Test data for the accounts collection and the connect screen.
import type { Paginated, SocialAccount } from '../../../contract';

export function serverAccount(id: string, fields: Partial<SocialAccount> = {}): SocialAccount {
  return {
    id,
    platform: 'youtube',
    name: `Channel ${id}`,
    handle: `@channel-${id}`,
    avatar_url: null,
    sandbox: false,
    health: 'ok',
    health_reason: null,
    token_expires_at: '2026-12-01T10:00:00.000Z',
    blocked_targets: 0,
    connected_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...fields,
  };
}

/** One page of a Laravel-paginated list (`page` of `lastPage`, `total` rows in all). */
export function accountsPage(data: SocialAccount[], page = 1, lastPage = 1, total = data.length, perPage = 100): Paginated<SocialAccount> {
  return { data, current_page: page, last_page: lastPage, per_page: perPage, total, from: data.length ? (page - 1) * perPage + 1 : null, to: data.length ? (page - 1) * perPage + data.length : null };
}
