// What each paid action costs in credits. One place, so pricing changes are one edit; the
// ledger reason strings are also what usage limits count.
import { SCRIPT_GENERATION_COST } from '../../../contract/scripts';

export const CREDIT_COSTS = {
  /** One script from the writer (AI model or offline writer); shared with the client. */
  generateScript: SCRIPT_GENERATION_COST,
} as const;

export const LEDGER_REASONS = {
  generateScript: 'script generation',
  /** A video queued (counts toward videos_per_month). Its price: see server/domain/videos/billing.ts. */
  videoRender: 'video render',
  /** A restarted video whose earlier failure had been refunded pays again (not a new video). */
  videoRestart: 'video render restart',
  /** A failed or deleted video's credits given back. */
  videoRefund: 'video refund',
  /** The part of the price a shorter-than-estimated video did not use. */
  videoSettlement: 'video settlement',
  /** A new version of an edited video: only what was made again (voice seconds, pictures). */
  versionRender: 'video edit render',
  /** A failed version's credits given back. */
  versionRefund: 'video edit refund',
} as const;
