// "Keep offline" for a media file: on stores a copy on this device (Cache Storage, served by the
// service worker with range support) so it plays with no network and shows the space it takes;
// off frees it. The caller says where the copy lives; this is the switch, its states and errors.
// Used by the finished videos (My videos) and the captioned videos of transcriptions.
import { Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../api/errors';
import { useOnline } from './useOnline';

export interface KeepOfflineToggleProps {
  /** Which file the copy is of (its size is read again when it changes). */
  copyId: string;
  /** Whether a copy is kept on this device. */
  kept: boolean;
  /** The description while no copy is kept (what keeping it gives). */
  offDescription: string;
  /** The size of the kept copy in bytes (null when unknown). */
  readSize: () => Promise<number | null>;
  /** Stores the copy and resolves to its size; throws with a message for the creator. */
  keep: () => Promise<number>;
  /** Frees the copy. */
  forget: () => Promise<void>;
}

export const OFFLINE_KEEP_NEEDS_NETWORK = 'You are offline. Keeping a video needs a connection to download it.';

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

export function KeepOfflineToggle({ copyId, kept, offDescription, readSize, keep, forget }: KeepOfflineToggleProps) {
  const online = useOnline();
  const [size, setSize] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (!kept) {
      setSize(null);
      return;
    }
    readSize()
      .then((bytes) => {
        if (live) setSize(bytes);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // readSize is a new function on every render of the caller; the copy changes only with these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [copyId, kept]);

  const toggle = async (on: boolean) => {
    setFailure(null);
    setBusy(true);
    try {
      if (on) {
        if (!online) throw new Error(OFFLINE_KEEP_NEEDS_NETWORK);
        setSize(await keep());
      } else {
        await forget();
        setSize(null);
      }
    } catch (error) {
      setFailure(errorMessage(error, 'The video could not be kept on this device.'));
    } finally {
      setBusy(false);
    }
  };

  const description = busy
    ? kept
      ? 'Freeing space…'
      : 'Saving on this device…'
    : kept
      ? size !== null
        ? `Saved on this device · ${formatSize(size)}`
        : 'Saved on this device'
      : offDescription;

  return (
    <>
      <Switch
        label="Keep offline"
        description={description}
        checked={kept}
        disabled={busy}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        styles={{ body: { minHeight: 44, alignItems: 'center' } }}
      />
      <Text fz="sm" c="red" role="alert">
        {failure ?? ''}
      </Text>
    </>
  );
}
