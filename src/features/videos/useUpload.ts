// One file upload at a time, as the scene media picker and the music upload run it: how far it
// has gone and, once it fails, why. An upload carries a file, so it is a direct request, not an
// outbox change.
import { useState } from 'react';
import { errorMessage, type UploadProgress } from '../../api';

export function useUpload() {
  /** undefined: no upload running; null: running, size unknown; else the fraction sent (0–1). */
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  /** Sends one upload; an error becomes the failure shown (`fallback` when it says nothing useful). */
  const run = async (send: (onProgress: UploadProgress) => Promise<void>, fallback: string) => {
    setFailure(null);
    setProgress(0);
    try {
      await send(setProgress);
    } catch (error) {
      setFailure(errorMessage(error, fallback));
    } finally {
      setProgress(undefined);
    }
  };

  return { progress, uploading: progress !== undefined, failure, setFailure, run };
}
