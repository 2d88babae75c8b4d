// Which plan unlocks an art style: the lowest plan of the catalogue whose allowed_art_styles holds
// it (null there means every style).
import type { PlanSummary } from '../../../contract';

export function planUnlockingStyle(plans: readonly PlanSummary[] | undefined, style: string): PlanSummary | null {
  if (!plans) return null;
  const holders = plans.filter((plan) => plan.allowed_art_styles === null || plan.allowed_art_styles.includes(style));
  return [...holders].sort((a, b) => a.rank - b.rank)[0] ?? null;
}

/** "locked — included in the Pro plan", or plain "locked — upgrade your plan" before the catalogue is known. */
export function lockedStyleText(plans: readonly PlanSummary[] | undefined, style: string): string {
  const plan = planUnlockingStyle(plans, style);
  return plan ? `Locked — included in the ${plan.name} plan` : 'Locked — upgrade your plan';
}
