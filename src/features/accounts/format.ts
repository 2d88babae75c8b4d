// Words, ordering, search and paging of the connect screen. Pure functions (no React, no store).
import { PLATFORM_LABELS, type SocialPlatform, type TokenHealth } from '../../../contract/publishing';
import type { LimitText } from '../../session';
import type { LocalAccount } from '../../store';
import { plural } from '../../ui/format-count';

/** The spec's default page size of GET /api/accounts; the screen pages the local rows the same. */
export const ACCOUNTS_PAGE_SIZE = 10;

export const HEALTH_LABELS: Record<TokenHealth, string> = {
  ok: 'Connected',
  expiring: 'Expiring soon',
  reconnect: 'Reconnect needed',
};

export const HEALTH_COLORS: Record<TokenHealth, string> = {
  ok: 'teal',
  expiring: 'yellow',
  reconnect: 'red',
};

export function platformLabel(platform: string): string {
  return PLATFORM_LABELS[platform as SocialPlatform] ?? platform;
}

/** "Ann Lee" → "AL"; "reelflow" → "R"; nothing usable → "?". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** "2 posts waiting" for the targets blocked until the account is reconnected. */
export function blockedText(count: number): string | null {
  return count > 0 ? `${plural(count, 'post', 'posts')} waiting` : null;
}

/** Search over what the row shows: name, handle and platform. */
export function matchesAccountSearch(account: LocalAccount, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [account.name, account.handle ?? '', platformLabel(account.platform)].some((text) => text.toLowerCase().includes(needle));
}

export interface AccountPage {
  rows: LocalAccount[];
  /** The page shown (clamped to the pages there are). */
  page: number;
  pages: number;
  /** 1-based positions of the first and last row shown (0 when none). */
  from: number;
  to: number;
}

export function pageOfAccounts(accounts: readonly LocalAccount[], page: number, size = ACCOUNTS_PAGE_SIZE): AccountPage {
  const pages = Math.max(1, Math.ceil(accounts.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const start = (current - 1) * size;
  const rows = accounts.slice(start, start + size);
  return { rows, page: current, pages, from: rows.length ? start + 1 : 0, to: start + rows.length };
}

export interface AccountLimit {
  /** "2 of 10 accounts", "Unlimited accounts"; null while the permissions load. */
  text: string | null;
  /** Extra line ("2 connected") for unlimited plans. */
  detail: string | null;
  /** Connecting another account is refused by the plan. */
  atLimit: boolean;
  /** Why connecting is off, in plain words (null when it is not). */
  reason: string | null;
}

/**
 * The plan's social_accounts limit against the accounts on this device. `limit` is limitText's
 * answer for that count, `max` the accessor's getLimit (null: unlimited or not known yet).
 */
export function accountLimit(limit: LimitText, max: number | null, used: number, ready: boolean): AccountLimit {
  if (!ready) return { text: null, detail: null, atLimit: false, reason: null };
  if (max === 0) {
    return {
      text: 'Not included in your plan',
      detail: null,
      atLimit: true,
      reason: 'Your plan does not include connected accounts. A licence code for a higher plan unlocks them.',
    };
  }
  if (max === null) return { text: `${limit.value} accounts`, detail: `${plural(used, 'account', 'accounts')} connected`, atLimit: false, reason: null };
  const atLimit = used >= max;
  return {
    text: `${limit.value} accounts`,
    detail: null,
    atLimit,
    reason: atLimit ? `Your plan allows ${plural(max, 'connected account', 'connected accounts')}. Disconnect one to connect another, or move to a higher plan.` : null,
  };
}
