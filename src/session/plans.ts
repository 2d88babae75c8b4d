// Plan hints ("Locked, not dead" in docs/decisions/plans.md): which plan unlocks a permission, plan names, and limit
// texts with usage ("3 of 20 this month"). The catalogue and usage come from the local store
// (pulled by src/features/plans/data/plans.ts), so they work offline; before the first pull they are simply
// absent and the screens fall back to plain "locked". The store hook is in plan-catalogue.ts, apart:
// this module is reached from the entry chunk, which must not load Dexie (docs/decisions/performance.md).
import type { LimitUsage, PlanSummary, User } from '../../contract';
import type { PermissionsContextValue } from './types';
import { formatCount } from '../ui/format-count';

/** The lowest plan that holds `permission` (a `can_*` entry), or null when none does or unknown. */
export function unlockingPlan(plans: readonly PlanSummary[] | undefined, permission: string): PlanSummary | null {
  if (!plans) return null;
  const holders = plans.filter((plan) => plan.full_access || plan.abilities.includes(permission));
  return holders.sort((a, b) => a.rank - b.rank)[0] ?? null;
}

/** The plan's name as named ("Free", "Creator"): the user's plan_name, else the catalogue's name,
 *  else the key capitalised (a user stored before the server sent plan_name). */
export function planName(user: Pick<User, 'plan'> & { plan_name?: unknown } | null | undefined, plans?: readonly PlanSummary[]): string {
  if (typeof user?.plan_name === 'string' && user.plan_name) return user.plan_name;
  const key = typeof user?.plan === 'string' ? user.plan : '';
  const named = plans?.find((plan) => plan.key === key)?.name;
  if (named) return named;
  return key ? key.charAt(0).toUpperCase() + key.slice(1) : 'No plan';
}

export interface LimitText {
  /** What the limit reads as: "3 of 20 this month", "Not included", "Unlimited", "Loading...". */
  value: string;
  /** Extra usage line for unlimited limits ("3 used this month"), else null. */
  detail: string | null;
}

function usedWords(usage: LimitUsage): string {
  return usage.period_start ? `${formatCount(usage.used)} used this month` : `${formatCount(usage.used)} used`;
}

/**
 * A limit as home shows it, built on the accessor's rules (spec §5): while loading or in error it
 * is the accessor's display text ("Loading..."); unlimited reads as the accessor's text
 * ("Unlimited", or the plan's _display); a limit of 0 reads "Not included"; a limit the server
 * counts reads "3 of 20 this month"; any other limit reads as the accessor's display text.
 */
export function limitText(permissions: Pick<PermissionsContextValue, 'loading' | 'error' | 'permissions' | 'isUnlimited' | 'getLimit' | 'getDisplayText'>, name: string, usage?: LimitUsage): LimitText {
  const base = name.replace(/_limit$/, '');
  if (permissions.loading || permissions.error || !permissions.permissions) return { value: permissions.getDisplayText(base), detail: null };
  if (permissions.isUnlimited(base)) return { value: permissions.getDisplayText(base), detail: usage ? usedWords(usage) : null };
  const limit = permissions.getLimit(base);
  if (limit === 0) return { value: 'Not included', detail: null };
  if (usage && limit !== null && Number.isFinite(limit)) {
    const of = `${formatCount(usage.used)} of ${formatCount(limit)}`;
    return { value: usage.period_start ? `${of} this month` : of, detail: null };
  }
  return { value: permissions.getDisplayText(base), detail: null };
}
