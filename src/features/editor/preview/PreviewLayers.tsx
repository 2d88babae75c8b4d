// The drawn layers of the preview's frame, bottom to top: the picture (a still moved by its drift,
// or a muted clip kept at the scene's moment), the stand-in's dimming and label, the built-in art's
// key phrase and the watermark where the server burns it. Captions go above these (TimelinePlayer).
import { Badge, Box, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type CSSProperties } from 'react';
import { captionSafeArea } from '../../../../contract';
import { captionFontFamily, CAPTION_FONT_WEIGHTS } from '../../../ui/captions/caption-fonts';
import type { HeadlineLayer, PreviewFrame, ScenePicture } from './preview-frame';

const fill: CSSProperties = { position: 'absolute', inset: 0 };

/** A clip is off by more than this from the preview's clock: seek it (small drifts are left to play out). */
const CLIP_TOLERANCE = 0.25;

function Clip({ picture, playing, dimmed, onError }: { picture: Extract<ScenePicture, { kind: 'video' }>; playing: boolean; dimmed: boolean; onError: () => void }) {
  const element = useRef<HTMLVideoElement>(null);
  const wanted = useRef({ clipTime: picture.clipTime, playing });
  wanted.current = { clipTime: picture.clipTime, playing };
  useEffect(() => syncClip(element.current, picture.clipTime, playing), [picture.clipTime, playing]);
  return (
    <video
      ref={element}
      src={picture.src ?? undefined}
      muted
      playsInline
      loop
      preload="auto"
      aria-hidden
      onError={onError}
      // Before its metadata the clip has no length to loop over and may refuse a seek: sync again now.
      onLoadedMetadata={(event) => syncClip(event.currentTarget, wanted.current.clipTime, wanted.current.playing)}
      style={{ ...fill, width: '100%', height: '100%', objectFit: 'cover', opacity: dimmed ? 0.4 : 1 }}
    />
  );
}

/** Puts the clip at the preview's moment (looped over its length, as the server loops it) and plays or pauses it. */
function syncClip(video: HTMLVideoElement | null, clipTime: number, playing: boolean): void {
  if (!video) return;
  const length = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null;
  const target = length ? clipTime % length : clipTime;
  const tolerance = playing ? CLIP_TOLERANCE : 1 / 60;
  if (Math.abs(video.currentTime - target) > tolerance) {
    try {
      video.currentTime = target;
    } catch {
      // Not seekable yet: loadedmetadata syncs it again.
    }
  }
  if (playing && video.paused) void video.play()?.catch(() => undefined);
  if (!playing && !video.paused) video.pause();
}

function Still({ picture, dimmed, onError }: { picture: Extract<ScenePicture, { kind: 'image' }>; dimmed: boolean; onError: () => void }) {
  const { css } = picture.placement;
  return (
    <img
      src={picture.src ?? undefined}
      alt=""
      draggable={false}
      onError={onError}
      style={{ position: 'absolute', left: 0, top: 0, width: css.width, height: css.height, maxWidth: 'none', objectFit: 'cover', transform: css.transform, willChange: 'transform', opacity: dimmed ? 0.4 : 1 }}
    />
  );
}

export function PictureLayer({ frame, playing, failed, onFailed }: { frame: PreviewFrame; playing: boolean; failed: boolean; onFailed: (asset: string) => void }) {
  const picture = frame.picture;
  const dimmed = frame.pictureStandIn !== null;
  if (!picture) return <Box data-testid="preview-placeholder" style={{ ...fill, background: 'linear-gradient(165deg, #2a2f45 0%, #3d3556 55%, #161a28 100%)' }} />;
  if (failed || picture.src === null) {
    return (
      <Stack data-testid="preview-picture-failed" justify="center" align="center" p="md" style={{ ...fill, background: '#1b1e2b' }}>
        <Text c="gray.3" fz="sm" ta="center">
          This picture could not be loaded.
        </Text>
      </Stack>
    );
  }
  const fail = () => onFailed(picture.asset);
  return (
    <Box data-testid="preview-picture" data-asset={picture.asset} style={{ ...fill, overflow: 'hidden', background: '#000' }}>
      {picture.kind === 'video' ? <Clip picture={picture} playing={playing} dimmed={dimmed} onError={fail} /> : <Still picture={picture} dimmed={dimmed} onError={fail} />}
    </Box>
  );
}

/** The marks of a scene that is not made yet: what its new picture will show, and what its voice is. */
export function StandInLayer({ frame }: { frame: PreviewFrame }) {
  const picture = frame.pictureStandIn;
  const voice = frame.voice.kind === 'stand-in' ? frame.voice : null;
  if (!picture && !voice) return null;
  return (
    <Stack gap={6} p="sm" justify="flex-start" style={{ ...fill, pointerEvents: 'none' }}>
      {picture ? (
        <Box data-testid="preview-visual-stand-in" style={{ background: 'rgba(0,0,0,0.62)', borderRadius: 8, padding: '6px 10px', maxWidth: '100%' }}>
          <Badge color="yellow" variant="filled" size="sm" style={{ whiteSpace: 'normal', height: 'auto' }}>
            {picture.label}
          </Badge>
          {picture.prompt.trim() !== '' ? (
            <Text c="white" fz="xs" mt={4} lineClamp={3}>
              {picture.prompt}
            </Text>
          ) : null}
        </Box>
      ) : null}
      {voice ? (
        <Box data-testid="preview-voice-stand-in" style={{ background: 'rgba(0,0,0,0.62)', borderRadius: 8, padding: '6px 10px', maxWidth: '100%' }}>
          <Text c="yellow.3" fz="xs" fw={600}>
            {voice.label}
          </Text>
        </Box>
      ) : null}
    </Stack>
  );
}

/** The key phrase at its place, size and ink, without its entrance (the render animates it in). */
export function HeadlineText({ headline, width, height }: { headline: HeadlineLayer; width: number; height: number }) {
  return (
    <Box
      data-testid="preview-headline"
      aria-hidden
      style={{
        position: 'absolute',
        left: headline.x * width,
        top: headline.y * height,
        transform: headline.align === 'center' ? 'translate(-50%, -50%)' : 'translateY(-50%)',
        fontFamily: `'${headline.font.family}', sans-serif`,
        fontWeight: headline.font.weight,
        fontStyle: headline.font.italic ? 'italic' : 'normal',
        fontSize: headline.size * height,
        letterSpacing: headline.tracking * height,
        lineHeight: 1,
        color: headline.ink,
        whiteSpace: 'nowrap',
        pointerEvents: 'none',
      }}
    >
      {headline.text}
    </Box>
  );
}

/** "Made with Reelflow" where drawtext puts it: the top-left corner of the caption safe area, 30 px at 1080 wide. */
export function Watermark({ width, height }: { width: number; height: number }) {
  const safe = captionSafeArea(width, height);
  const scale = width / 1080;
  const shadow = Math.max(1, 2 * scale);
  return (
    <Box
      data-testid="preview-watermark"
      aria-hidden
      style={{
        position: 'absolute',
        left: safe.left * width,
        top: safe.top * height,
        fontFamily: captionFontFamily('Montserrat'),
        fontWeight: CAPTION_FONT_WEIGHTS.Montserrat,
        fontSize: 30 * scale,
        lineHeight: 1,
        color: 'rgba(255,255,255,0.8)',
        textShadow: `${shadow}px ${shadow}px 0 rgba(0,0,0,0.6)`,
        whiteSpace: 'nowrap',
        pointerEvents: 'none',
      }}
    >
      Made with Reelflow
    </Box>
  );
}
