// The compose form says "this time has passed" under the time picker; a time chosen a minute
// ahead passes while the creator is still writing, so the form renders again the moment it does
// (one timer for the chosen time, none once it has passed or when it is weeks away).
import { useEffect, useState } from 'react';

/** setTimeout's longest wait (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** After the instant, not on it: a timer may fire a millisecond early. */
const MARGIN_MS = 50;

/** Renders the calling component again once `iso` (an instant, or nothing) has passed. */
export function useRerenderWhenPassed(iso: string | null | undefined): void {
  const [, setPassed] = useState(0);
  useEffect(() => {
    if (!iso) return undefined;
    const wait = Date.parse(iso) - Date.now();
    if (!(wait >= 0) || wait + MARGIN_MS > MAX_TIMER_MS) return undefined;
    const timer = setTimeout(() => setPassed((count) => count + 1), wait + MARGIN_MS);
    return () => clearTimeout(timer);
  }, [iso]);
}
