// THE plan configuration: the one place that says what each plan grants. GET
// /api/user/permissions is derived from it (see permissions.ts), and registration reads the
// starting credits from it. Change values here; nothing else hard-codes them.
//
// Field meanings:
// - key / name:        stable id stored on users.plan and licences.plan / human name.
// - startingCredits:   credits put on the ledger ("signup bonus") when an account is created on
//                      this plan (STARTING_CREDITS in the env overrides it for every plan).
// - fullAccess:        everything allowed; the client then ignores every other entry (spec §5).
// - abilities:         `can_*` entries the plan holds. The client's rule is "present and not
//                      null" = held, so an ability a plan lacks must be ABSENT, never false.
// - limits:            numeric quotas. `value: null` = unlimited. `period: 'month'` makes the
//                      display text "N per month". Each becomes `<name>_limit`,
//                      `has_unlimited_<name>` and `<name>_display` in the permissions object.
// - allowedArtStyles:  the art styles the plan may use; null = all styles.
// - video:             price of a rendered video per second (credits, charged when queued) and
//                      the longest video the plan may render.
import type { Config } from '../../config';
import { ART_STYLES } from '../../../contract/permissions';

export type Ability = 'can_create_video' | 'can_create_video_caption' | 'can_create_series' | 'can_publish_post';

export interface LimitDefinition {
  value: number | null;
  period: 'month' | null;
}

export interface PlanDefinition {
  key: string;
  name: string;
  startingCredits: number;
  fullAccess: boolean;
  abilities: Ability[];
  limits: Record<string, LimitDefinition>;
  allowedArtStyles: readonly string[] | null;
  video: { creditsPerSecond: number; maxSeconds: number };
}

const monthly = (value: number | null): LimitDefinition => ({ value, period: 'month' });
const total = (value: number | null): LimitDefinition => ({ value, period: null });

export const PLANS = {
  free: {
    key: 'free',
    name: 'Free',
    startingCredits: 50,
    fullAccess: false,
    abilities: ['can_create_video', 'can_create_video_caption'],
    limits: {
      videos_per_month: monthly(5),
      scripts_per_month: monthly(20),
      transcriptions_per_month: monthly(5),
      series: total(0),
      series_episodes_per_month: monthly(0),
      social_accounts: total(0),
    },
    allowedArtStyles: ['realistic', 'cinematic', 'anime', 'minimalist'],
    video: { creditsPerSecond: 0.5, maxSeconds: 60 },
  },
  creator: {
    key: 'creator',
    name: 'Creator',
    startingCredits: 500,
    fullAccess: false,
    abilities: ['can_create_video', 'can_create_video_caption', 'can_create_series', 'can_publish_post'],
    limits: {
      videos_per_month: monthly(60),
      scripts_per_month: monthly(null),
      transcriptions_per_month: monthly(60),
      series: total(10),
      series_episodes_per_month: monthly(60),
      social_accounts: total(10),
    },
    allowedArtStyles: ART_STYLES,
    video: { creditsPerSecond: 0.4, maxSeconds: 180 },
  },
  pro: {
    key: 'pro',
    name: 'Pro',
    startingCredits: 2000,
    fullAccess: true,
    abilities: ['can_create_video', 'can_create_video_caption', 'can_create_series', 'can_publish_post'],
    limits: {
      videos_per_month: monthly(null),
      scripts_per_month: monthly(null),
      transcriptions_per_month: monthly(null),
      series: total(null),
      series_episodes_per_month: monthly(null),
      social_accounts: total(null),
    },
    allowedArtStyles: null,
    video: { creditsPerSecond: 0.25, maxSeconds: 600 },
  },
} as const satisfies Record<string, PlanDefinition>;

export type PlanKey = keyof typeof PLANS;
export const PLAN_KEYS = Object.keys(PLANS) as PlanKey[];
/** The plan of an ordinary registration. */
export const DEFAULT_PLAN: PlanKey = 'free';

export function isPlanKey(value: string): value is PlanKey {
  return Object.prototype.hasOwnProperty.call(PLANS, value);
}

/** The plan for a stored key; an unknown key (a plan removed from this file) falls back to free. */
export function planFor(key: string): PlanDefinition {
  return isPlanKey(key) ? PLANS[key] : PLANS[DEFAULT_PLAN];
}

/** The plan's position, lowest first (the order of PLANS): licences only ever move a user up. */
export function planRank(key: string): number {
  return PLAN_KEYS.indexOf(planFor(key).key as PlanKey);
}

export function startingCreditsForPlan(key: string): number {
  return planFor(key).startingCredits;
}

/** Credits for a new user of `plan`: STARTING_CREDITS when set, else the plan's default. */
export function startingCreditsFor(config: Pick<Config, 'startingCredits'>, plan: string): number {
  return config.startingCredits ?? startingCreditsForPlan(plan);
}
