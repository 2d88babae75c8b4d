// What each paid action costs in credits. One place, so pricing changes are one edit; the
// ledger reason strings are also what usage limits count.
import { SCRIPT_GENERATION_COST } from '../../../contract/scripts';

export const CREDIT_COSTS = {
  /** One script from the writer (AI model or offline writer); shared with the client. */
  generateScript: SCRIPT_GENERATION_COST,
} as const;

export const LEDGER_REASONS = {
  generateScript: 'script generation',
} as const;
