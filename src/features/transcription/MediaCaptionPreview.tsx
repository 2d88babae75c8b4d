// The live preview over the creator's own media: the uploaded video (or, for audio, a blank frame
// above an audio player) with the captions drawn by the shared preview on top, following the
// player's clock, the spoken word lit — as the render will burn them in.
import { Box, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { AspectRatio, CaptionStyle, WordTiming } from '../../../contract';
import { loadCaptionFont } from '../../ui/captions/caption-fonts';
import { CaptionFrameView } from '../../ui/captions/CaptionPreview';

/** The preview's frame shape nearest to the media's own. */
export function nearestAspectRatio(width: number, height: number): AspectRatio {
  if (!width || !height) return '9:16';
  const ratio = width / height;
  const candidates: [AspectRatio, number][] = [
    ['9:16', 9 / 16],
    ['1:1', 1],
    ['16:9', 16 / 9],
  ];
  return candidates.reduce((best, candidate) => (Math.abs(candidate[1] - ratio) < Math.abs(best[1] - ratio) ? candidate : best))[0];
}

export interface MediaCaptionPreviewProps {
  src: string;
  mediaType: string;
  words: readonly WordTiming[];
  style: CaptionStyle;
}

export function MediaCaptionPreview({ src, mediaType, words, style }: MediaCaptionPreviewProps) {
  const audioOnly = !mediaType.startsWith('video/');
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const { ref: box, width } = useElementSize();
  const [time, setTime] = useState(0);
  const [shape, setShape] = useState<AspectRatio>('9:16');
  // The burn lays captions out on the picture as it plays (its display size), so the preview does too.
  const [pictureSize, setPictureSize] = useState<{ width: number; height: number } | undefined>(undefined);

  useEffect(() => {
    void loadCaptionFont(style.font);
  }, [style.font]);

  // timeupdate fires a few times a second; while playing, each animation frame reads the clock so
  // the lit word changes on time.
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    let frame = 0;
    const read = () => setTime(element.currentTime);
    const tick = () => {
      read();
      frame = requestAnimationFrame(tick);
    };
    const play = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      read();
    };
    const sized = () => {
      if (!(element instanceof HTMLVideoElement)) return;
      setShape(nearestAspectRatio(element.videoWidth, element.videoHeight));
      setPictureSize(element.videoWidth > 0 && element.videoHeight > 0 ? { width: element.videoWidth, height: element.videoHeight } : undefined);
    };
    const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
      ['timeupdate', read],
      ['seeked', read],
      ['play', play],
      ['pause', stop],
      ['ended', stop],
      ['loadedmetadata', sized],
    ];
    for (const [type, listener] of listeners) element.addEventListener(type, listener);
    return () => {
      cancelAnimationFrame(frame);
      for (const [type, listener] of listeners) element.removeEventListener(type, listener);
    };
  }, [audioOnly, src]);

  const frameWidth = Math.min(width || 320, audioOnly || shape === '9:16' ? 320 : 560);

  return (
    <Stack gap="xs" component="figure" m={0}>
      <Box ref={box} style={{ display: 'flex', justifyContent: 'center' }}>
        <Box style={{ position: 'relative', width: frameWidth }}>
          {audioOnly ? (
            <CaptionFrameView style={style} timings={words} time={time} aspectRatio="9:16" width={frameWidth} background="#111" />
          ) : (
            <>
              <video ref={media} src={src} controls playsInline preload="metadata" style={{ display: 'block', width: '100%', borderRadius: 12, background: '#000' }} aria-label="Your video with the caption preview" />
              {/* Over the picture, not the controls: clicks go through to the player. */}
              <Box style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
                <CaptionFrameView style={style} timings={words} time={time} aspectRatio={shape} renderSize={pictureSize} width={frameWidth} background="transparent" />
              </Box>
            </>
          )}
        </Box>
      </Box>
      {audioOnly ? <audio ref={media} src={src} controls preload="metadata" style={{ width: '100%' }} aria-label="Your recording with the caption preview" /> : null}
      <Text component="figcaption" fz="sm" c="dimmed" ta="center">
        {style.enabled ? 'Captions as they will look on your media' : 'No captions will be shown'}
      </Text>
    </Stack>
  );
}
