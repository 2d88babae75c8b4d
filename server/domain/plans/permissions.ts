// Builds the permissions object of spec §3 from a plan definition (plans.ts).
import type { Permissions } from '../../../contract/permissions';
import { planFor, type LimitDefinition } from './plans';

function displayText(limit: LimitDefinition): string {
  if (limit.value === null) return 'Unlimited';
  return limit.period === 'month' ? `${limit.value} per month` : String(limit.value);
}

export function permissionsForPlan(planKey: string): Permissions {
  const plan = planFor(planKey);
  const permissions: Permissions = {
    plan: plan.key,
    plan_name: plan.name,
    full_access: plan.fullAccess,
    has_full_access: plan.fullAccess,
  };
  // Absent (not null) means "all styles" to the client; pro sends null explicitly for clarity.
  permissions.allowed_art_styles = plan.allowedArtStyles === null ? null : [...plan.allowedArtStyles];
  for (const [name, limit] of Object.entries(plan.limits)) {
    permissions[`${name}_limit`] = limit.value;
    permissions[`has_unlimited_${name}`] = limit.value === null;
    permissions[`${name}_display`] = displayText(limit);
  }
  // Abilities the plan lacks stay absent: the client treats "present and not null" as held.
  for (const ability of plan.abilities) permissions[ability] = true;
  return permissions;
}
