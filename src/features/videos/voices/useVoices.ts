// The voice lists for the picker: the cached rows at once, then a refresh when they are a day old.
import { useCallback, useEffect, useState } from 'react';
import { loadVoices } from '../data/voices-http';
import type { VoicesRow } from '../../../store';

export interface VoicesState {
  /** undefined until the store answered. */
  rows: VoicesRow[] | undefined;
  loading: boolean;
  problem: string | null;
  refresh: () => void;
}

export function useVoices(): VoicesState {
  const [rows, setRows] = useState<VoicesRow[] | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const run = useCallback((force: boolean) => {
    let current = true;
    setLoading(true);
    loadVoices({ force })
      .then((result) => {
        if (!current) return;
        setRows(result.rows);
        setProblem(result.problem);
      })
      .catch(() => {
        if (current) setProblem('The voices saved on this device could not be read.');
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => run(false), [run]);
  const refresh = useCallback(() => void run(true), [run]);
  return { rows, loading, problem, refresh };
}
