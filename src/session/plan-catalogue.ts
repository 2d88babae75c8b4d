// The plan catalogue and usage from the local store (pulled by src/collections/plans.ts), for the plan
// hints of the signed-in screens. The store (Dexie) is imported on first use, not statically: the
// shell and home render before the offline engine has loaded (the initial-JavaScript budgets,
// docs/decisions/performance.md), and the hints simply appear a moment later, as they do before
// the first pull. Kept out of the session index for the same reason.
import { useEffect, useState } from 'react';
import type { LimitUsage, PlanSummary } from '../../contract';
import { afterFirstScreen } from '../ui/first-screen';

export interface PlanCatalogue {
  /** Lowest plan first; undefined until the store answered, [] before the first pull. */
  plans: PlanSummary[] | undefined;
  usage: ReadonlyMap<string, LimitUsage>;
}

const NO_USAGE: ReadonlyMap<string, LimitUsage> = new Map();
const NOT_READ: PlanCatalogue = { plans: undefined, usage: NO_USAGE };

export function usePlanCatalogue(): PlanCatalogue {
  const [catalogue, setCatalogue] = useState<PlanCatalogue>(NOT_READ);
  useEffect(() => {
    let stopped = false;
    let subscription: { unsubscribe(): void } | undefined;
    // After the first screen: Dexie (~28 KB) would otherwise download alongside the permissions
    // request every signed-in screen waits for (Lighthouse LCP on `/`). Later screens read at once.
    const cancel = afterFirstScreen(() => {
      void Promise.all([import('dexie'), import('../store')]).then(([{ liveQuery }, { db }]) => {
        if (stopped) return;
        subscription = liveQuery(async () => ({
          plans: (await db.plans.toArray()).sort((a, b) => a.rank - b.rank),
          usage: new Map((await db.usage.toArray()).map((row) => [row.limit, row])),
        })).subscribe({
          next: setCatalogue,
          // An unreadable store leaves the hints out; the screens fall back to plain "locked".
          error: () => setCatalogue(NOT_READ),
        });
      });
    });
    return () => {
      stopped = true;
      cancel();
      subscription?.unsubscribe();
    };
  }, []);
  return catalogue;
}
