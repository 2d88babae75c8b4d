// Posts about to fail for want of a working account: a post due within
// the next 24 hours with a target whose account needs reconnecting (health 'reconnect', or the
// target already 'blocked' by the server) or whose permission is running out ('expiring'). Derived
// on the device from db.posts and db.accounts — both mirrored offline — so Home, the calendar and
// the post card warn without a server call, offline included. The server keeps the accounts'
// health current (its refresh-tokens job finds a dead grant hours ahead); a reconnect unblocks the
// targets and the post goes out as planned. No React here: the hook is src/ui/usePublishAlerts.ts.
import type { SocialPlatform, TargetStatus } from '../../../../contract/publishing';
import type { LocalAccount, LocalPost } from '../../../store/db';

export const ALERT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** 'reconnect': the post will not go out until the account is reconnected. 'expiring': it may not. */
export type AlertLevel = 'reconnect' | 'expiring';

export interface AlertAccount {
  /** null when the account is no longer on this device (the reconnect then starts from /connect). */
  id: string | null;
  name: string;
  platform: SocialPlatform;
  level: AlertLevel;
  /** The account's health reason, else the blocked target's error, in plain words. */
  reason: string | null;
}

export interface PostAlert {
  postId: string;
  /** When the post goes out (ISO); a post sent "now" that has not gone yet: its creation. */
  at: string;
  level: AlertLevel;
  accounts: AlertAccount[];
}

export interface PublishAlerts {
  /** Soonest first. */
  posts: PostAlert[];
  /** Each account once, those needing a reconnect first, then by name. */
  accounts: AlertAccount[];
  /** The worst level, null when nothing is at risk. */
  level: AlertLevel | null;
}

/** Targets that still wait to be published (a draft never goes out; the others are past it). */
const WAITING: readonly TargetStatus[] = ['scheduled', 'blocked'];

function accountAlert(target: LocalPost['targets'][number], account: LocalAccount | undefined): AlertAccount | null {
  if (!WAITING.includes(target.status)) return null;
  const base = { id: target.account_id, name: account?.name ?? target.account_name, platform: target.platform };
  if (target.status === 'blocked' || account?.health === 'reconnect') {
    return { ...base, level: 'reconnect', reason: account?.health === 'reconnect' ? account.health_reason : target.error };
  }
  if (account?.health === 'expiring') return { ...base, level: 'expiring', reason: account.health_reason };
  return null;
}

/** The post's warning, or null: not due within the window, or every waiting account is fine. */
export function postAlert(post: LocalPost, accounts: ReadonlyMap<string, LocalAccount>, now: Date, windowMs = ALERT_WINDOW_MS): PostAlert | null {
  if (post.status !== 'scheduled' && post.status !== 'publishing') return null;
  const at = post.scheduled_at ?? post.created_at;
  const time = Date.parse(at);
  // Overdue posts stay listed: a blocked post waits past its time until the reconnect.
  if (Number.isNaN(time) || time > now.getTime() + windowMs) return null;
  const found = post.targets
    .map((target) => accountAlert(target, target.account_id ? accounts.get(target.account_id) : undefined))
    .filter((alert): alert is AlertAccount => alert !== null);
  if (found.length === 0) return null;
  return { postId: post.id, at, level: found.some((alert) => alert.level === 'reconnect') ? 'reconnect' : 'expiring', accounts: found };
}

const accountKey = (account: AlertAccount) => account.id ?? `${account.platform}:${account.name}`;

/** Every post at risk in the window, and the accounts to reconnect. */
export function publishAlerts(posts: readonly LocalPost[], accounts: readonly LocalAccount[], now: Date, windowMs = ALERT_WINDOW_MS): PublishAlerts {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const alerts = posts
    .map((post) => postAlert(post, byId, now, windowMs))
    .filter((alert): alert is PostAlert => alert !== null)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const distinct = new Map<string, AlertAccount>();
  for (const alert of alerts) {
    for (const account of alert.accounts) {
      const known = distinct.get(accountKey(account));
      if (!known || (known.level === 'expiring' && account.level === 'reconnect')) distinct.set(accountKey(account), account);
    }
  }
  const rank = (account: AlertAccount) => (account.level === 'reconnect' ? 0 : 1);
  const list = [...distinct.values()].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  const level = alerts.length === 0 ? null : alerts.some((alert) => alert.level === 'reconnect') ? 'reconnect' : 'expiring';
  return { posts: alerts, accounts: list, level };
}
