// Plans, usage and licence upgrades: what the client needs to say which plan unlocks a
// locked feature, how much of a limit is used, and to apply a licence code while signed in.
// Documented in docs/decisions/plans.md.
import { z } from 'zod';
import type { Permissions } from './permissions';
import type { User } from './auth';
import { licenseKey } from './auth';

export interface PlanLimit {
  /** null = unlimited; 0 = not included. */
  value: number | null;
  /** 'month' = counted per UTC calendar month; null = a total. */
  period: 'month' | null;
}

/** One plan as GET /api/plans describes it (public: the plans are no secret). */
export interface PlanSummary {
  key: string;
  /** The plan's name as shown everywhere ("Free", "Creator", "Pro"). */
  name: string;
  /** Order of the plans, lowest first: a licence never moves a user to a lower rank. */
  rank: number;
  full_access: boolean;
  /** The `can_*` entries the plan holds (full access holds every one). */
  abilities: string[];
  limits: Record<string, PlanLimit>;
  /** null = every art style. */
  allowed_art_styles: string[] | null;
  /** What a rendered video costs and how long it may be on this plan. */
  video: { credits_per_second: number; max_seconds: number };
}

export interface PlansResponse {
  data: PlanSummary[];
}

/** How much of one limit the signed-in user has used, counted by the server. */
export interface LimitUsage {
  /** The limit's name without `_limit`, e.g. "scripts_per_month". */
  limit: string;
  used: number;
  /** ISO start (inclusive) and end (exclusive) of the counting period; null for totals. */
  period_start: string | null;
  period_end: string | null;
}

export interface UsageResponse {
  data: LimitUsage[];
}

/** POST /api/user/license */
export const applyLicenseRequest = z.object({ license_key: licenseKey });
export type ApplyLicenseRequest = z.infer<typeof applyLicenseRequest>;

export interface ApplyLicenseResponse {
  message: string;
  /** True when this code had already been applied to this account (a repeated request). */
  already_applied: boolean;
  user: User;
  credits: number;
  permissions: Permissions;
}
