// GET /api/plans: every plan as the client needs it to say which plan unlocks a locked feature
// and what each limit is. Derived from plans.ts, like the permissions object.
import type { PlanSummary } from '../../../contract/plans';
import { ROUTE_PERMISSIONS } from '../../../contract/permissions';
import { PLAN_KEYS, PLANS } from './plans';

export function planCatalogue(): PlanSummary[] {
  return PLAN_KEYS.map((key, rank) => {
    const plan = PLANS[key];
    return {
      key: plan.key,
      name: plan.name,
      rank,
      full_access: plan.fullAccess,
      // Full access holds every ability (spec §5), so say so instead of making the client infer it.
      abilities: plan.fullAccess ? [...ROUTE_PERMISSIONS] : [...plan.abilities],
      limits: Object.fromEntries(Object.entries(plan.limits).map(([name, limit]) => [name, { value: limit.value, period: limit.period }])),
      allowed_art_styles: plan.allowedArtStyles === null ? null : [...plan.allowedArtStyles],
      video: { credits_per_second: plan.video.creditsPerSecond, max_seconds: plan.video.maxSeconds },
    };
  });
}
