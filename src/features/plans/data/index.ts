// The plans domain's public data API: the plan catalogue and the user's usage, pulled into the
// local store (session/plan-catalogue.ts reads them for the nav and home), and their refreshes
// for the screens that change usage. The credits watch (balance-watch.ts) is app wiring only and
// stays out, so a screen loading this does not bring the videos and publishing data with it. No React.
export { PLANS_COLLECTION, USAGE_COLLECTION, createPlansSync, createUsageSync, refreshPlans, refreshUsage } from './plans';
export type { RefreshOptions } from './plans';
