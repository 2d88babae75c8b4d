// The plan catalogue and usage from the local store (pulled by src/features/plans/data/plans.ts), for the plan
// hints of the signed-in screens. The store (Dexie) is imported on first use, not statically: the
// shell and home render before the offline engine has loaded (the initial-JavaScript budgets,
// docs/decisions/performance.md), and the hints simply appear a moment later, as they do before
// the first pull. Kept out of the session index for the same reason.
import { startTransition, useEffect, useState } from 'react';
import type { LimitUsage, PlanSummary } from '../../contract';
import { afterFirstScreen } from '../ui/first-screen';

export interface PlanCatalogue {
  /** Lowest plan first; undefined until the store answered, [] before the first pull. */
  plans: PlanSummary[] | undefined;
  usage: ReadonlyMap<string, LimitUsage>;
}

const NO_USAGE: ReadonlyMap<string, LimitUsage> = new Map();
const NOT_READ: PlanCatalogue = { plans: undefined, usage: NO_USAGE };

// One subscription for every screen that shows plan hints (the navigation, home, the create
// screens), shared while any of them is mounted: each pull at start-up writes the plans or usage
// tables, and one query per component re-ran and re-rendered each of them with an equal copy.
let current: PlanCatalogue = NOT_READ;
let currentSignature = 'unread';
const listeners = new Set<(catalogue: PlanCatalogue) => void>();
let stopQuery: (() => void) | null = null;

function signature(catalogue: PlanCatalogue): string {
  if (catalogue.plans === undefined) return 'unread';
  return JSON.stringify([catalogue.plans, [...catalogue.usage]]);
}

/** The new answer of the store, passed on only when it differs from the one shown. */
function publish(next: PlanCatalogue): void {
  const nextSignature = signature(next);
  if (nextSignature === currentSignature) return;
  current = next;
  currentSignature = nextSignature;
  for (const listener of listeners) listener(next);
}

function startQuery(): () => void {
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
        next: publish,
        // An unreadable store leaves the hints out; the screens fall back to plain "locked".
        error: () => publish(NOT_READ),
      });
    });
  });
  return () => {
    stopped = true;
    cancel();
    subscription?.unsubscribe();
  };
}

export function usePlanCatalogue(): PlanCatalogue {
  const [catalogue, setCatalogue] = useState<PlanCatalogue>(current);
  useEffect(() => {
    // A hint arriving is not urgent: rendered as a transition, which React splits into short tasks
    // and which never holds up typing or a click.
    const listener = (next: PlanCatalogue) => startTransition(() => setCatalogue(next));
    listeners.add(listener);
    stopQuery ??= startQuery();
    // An answer that came between this render and this effect.
    if (current !== catalogue) listener(current);
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      // The last one gone (signed out): the next user's screens start from "not read".
      stopQuery?.();
      stopQuery = null;
      current = NOT_READ;
      currentSignature = 'unread';
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribes once per mount; `catalogue` is only compared
  }, []);
  return catalogue;
}
