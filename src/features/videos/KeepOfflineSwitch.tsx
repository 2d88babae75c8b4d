// "Keep offline": stores the finished file on this device (Cache Storage, keyed by the video id) so
// it plays — with seeking — and downloads with no network; shows the space it takes; off frees it.
import { Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api';
import { keepVideoOffline, offlineVideoSize, removeOfflineVideo } from '../../collections';
import type { LocalVideo } from '../../store';
import { useOnline } from '../../ui/useOnline';
import { formatBytes } from './format';

export function KeepOfflineSwitch({ video }: { video: LocalVideo }) {
  const online = useOnline();
  const [size, setSize] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (!video.keptOffline) {
      setSize(null);
      return;
    }
    offlineVideoSize(video.id)
      .then((bytes) => {
        if (live) setSize(bytes);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [video.id, video.keptOffline]);

  const toggle = async (keep: boolean) => {
    setFailure(null);
    setBusy(true);
    try {
      if (keep) {
        const src = video.ai_video.video_src;
        if (!src) throw new Error('This video has no file to keep yet.');
        if (!online) throw new Error('You are offline. Keeping a video needs a connection to download it.');
        setSize(await keepVideoOffline(video.id, src));
      } else {
        await removeOfflineVideo(video.id);
        setSize(null);
      }
    } catch (error) {
      setFailure(errorMessage(error, 'The video could not be kept on this device.'));
    } finally {
      setBusy(false);
    }
  };

  const description = busy
    ? video.keptOffline
      ? 'Freeing space…'
      : 'Saving on this device…'
    : video.keptOffline
      ? size !== null
        ? `Saved on this device · ${formatBytes(size)}`
        : 'Saved on this device'
      : 'Play and download it without a connection';

  return (
    <>
      <Switch
        label="Keep offline"
        description={description}
        checked={video.keptOffline}
        disabled={busy}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        styles={{ body: { minHeight: 44, alignItems: 'center' } }}
      />
      {failure ? (
        <Text fz="sm" c="red" role="alert">
          {failure}
        </Text>
      ) : null}
    </>
  );
}
