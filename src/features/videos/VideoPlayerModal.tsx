// The player: a <video controls playsInline> in a modal, fed from the offline copy when the video is
// kept offline (seeking works without a network) or from the signed URL. The modal only opens from
// a tap on Play, so it starts playing as soon as its element has a source: one tap plays.
import { Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { LocalVideo } from '../../store';
import { useOnline } from '../../ui/useOnline';
import { playableSource, startPlaying, type PlayableSource } from './media';
import { VideoCredits } from './VideoCredits';

export function VideoPlayerModal({ video, onClose }: { video: LocalVideo | null; onClose: () => void }) {
  const online = useOnline();
  const [source, setSource] = useState<PlayableSource | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [mutedStart, setMutedStart] = useState(false);
  const player = useRef<HTMLVideoElement>(null);
  // The video this opening has started, so a later change of source (kept offline, back online)
  // does not start it again after the creator paused it.
  const started = useRef<string | null>(null);
  const id = video?.id;
  const kept = video?.keptOffline;
  const src = video?.ai_video.video_src;

  useEffect(() => {
    setSource(undefined);
    setFailed(false);
    if (!video) return;
    let live = true;
    let current: PlayableSource | null = null;
    playableSource(video, online)
      .then((found) => {
        current = found;
        if (live) setSource(found);
        else found?.release();
      })
      .catch(() => live && setSource(null));
    return () => {
      live = false;
      current?.release();
    };
    // The source depends on these fields only (not on progress updates of the row).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, kept, src, online]);

  useEffect(() => {
    if (!id) {
      started.current = null;
      setMutedStart(false);
      return;
    }
    const element = player.current;
    if (!source || !element || started.current === id) return;
    started.current = id;
    // play() right away, not on 'canplay': the browser lets a page start sound for a short while
    // after the tap, and play() waits for the data itself.
    let live = true;
    void startPlaying(element).then((how) => live && setMutedStart(how === 'muted'));
    return () => {
      live = false;
    };
  }, [id, source]);

  return (
    <Modal opened={video !== null} onClose={onClose} title={video?.title ?? 'Video'} size="lg" centered closeButtonProps={{ 'aria-label': 'Close the player' }}>
      {source === undefined ? (
        <Stack align="center" py="lg">
          <Loader size="sm" aria-hidden />
          <Text role="status">Loading the video…</Text>
        </Stack>
      ) : source === null ? (
        <Text role="alert">{online ? 'This video has no file to play yet.' : 'You are offline and this video is not kept on this device. Turn on “Keep offline” next time you are connected.'}</Text>
      ) : (
        <Stack gap="xs">
          <video
            ref={player}
            key={source.src}
            src={source.src}
            controls
            playsInline
            preload="metadata"
            onError={() => setFailed(true)}
            style={{ width: '100%', maxHeight: '70vh', background: 'black', borderRadius: 8 }}
            aria-label={`Video: ${video?.title ?? ''}`}
          />
          {mutedStart && !failed ? (
            <Text fz="sm" c="dimmed" role="status">
              Playing without sound: this browser does not let a video start with sound. Turn the sound on in the player.
            </Text>
          ) : null}
          {failed ? (
            <Text fz="sm" c="red" role="alert">
              The video could not be played. Its link may have expired: close this and open it again.
            </Text>
          ) : null}
        </Stack>
      )}
      {video ? (
        <Stack mt="md">
          <VideoCredits video={video} />
        </Stack>
      ) : null}
    </Modal>
  );
}
