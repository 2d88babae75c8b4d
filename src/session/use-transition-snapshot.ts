// The session providers' view of their valtio state. valtio's useSnapshot reads through
// useSyncExternalStore, and React renders every change of such a store synchronously, in one
// main-thread task: at start-up each session change (permissions loading, loaded, user refreshed)
// re-rendered the whole signed-in shell in one go, and a change arriving while React was still
// rendering the first screen in slices made it finish that screen in one long task too (Lighthouse
// Total Blocking Time on `/`, docs/decisions/performance.md). Here a change is a transition:
// React renders it in ~5 ms slices and lets input and painting in between.
import { startTransition, useEffect, useState } from 'react';
import { snapshot, subscribe, type Snapshot } from 'valtio';

export function useTransitionSnapshot<T extends object>(state: T): Snapshot<T> {
  const [current, setCurrent] = useState(() => snapshot(state));
  useEffect(() => {
    const update = () => startTransition(() => setCurrent(snapshot(state)));
    // A change between the first render and this subscription is not lost.
    update();
    return subscribe(state, update);
  }, [state]);
  return current;
}
