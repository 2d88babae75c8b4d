// The voice lists for the picker: the cached rows at once, then a refresh when they are a day old.
import { useCallback, useEffect, useState } from 'react';
import type { VoicesResponse } from '../../../contract';
import type { VoiceSource } from './voice-source';

export interface VoicesState {
  /** undefined until the store answered. */
  rows: VoicesResponse[] | undefined;
  loading: boolean;
  problem: string | null;
  refresh: () => void;
}

export function useVoices(source: VoiceSource): VoicesState {
  const [rows, setRows] = useState<VoicesResponse[] | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const run = useCallback((force: boolean) => {
    let current = true;
    setLoading(true);
    source
      .load({ force })
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
  }, [source]);

  useEffect(() => run(false), [run]);
  const refresh = useCallback(() => void run(true), [run]);
  return { rows, loading, problem, refresh };
}
