// The editor's live preview: composes the timeline in the page (picture with its drift, captions
// by the caption engine's rules, the key phrase, the watermark, the voice and the music on Web
// Audio) and scrubs to any frame, so an edit is seen and heard at once without rendering. Layout
// and what matches the render exactly: docs/decisions/editor.md, "The preview".
import { ActionIcon, Box, Group, Loader, Slider, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconPlayerTrackNextFilled, IconPlayerTrackPrevFilled } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { timelineCaptionStyle, timelineDuration, type Timeline } from '../../../../contract';
import { CaptionFrameView } from '../../../ui/captions/CaptionPreview';
import { loadCaptionFont } from '../../../ui/captions/caption-fonts';
import { audioPlan } from './audio-plan';
import { previewFrameSize } from './frame-size';
import { HeadlineText, PictureLayer, StandInLayer, Watermark } from './PreviewLayers';
import { clampTime, formatClock, PREVIEW_FPS, previewFrame, stepFrames, type PreviewAssets } from './preview-frame';
import { usePreviewAudio } from './usePreviewAudio';

export interface TimelinePlayerProps {
  timeline: Timeline;
  /** Signed URLs of the timeline's assets (GET …/timeline `assets`). */
  assets: PreviewAssets;
  /** The timeline the edit started from: a scene whose new picture is not made yet shows its old one, dimmed. */
  base?: Timeline | null;
  /** The music track's URL (null: the preview plays without music). */
  musicSrc?: string | null;
  /** Controlled position, seconds; without it the player keeps its own. */
  time?: number;
  onTimeChange?: (time: number) => void;
  /** The box to fit the frame in, CSS pixels; with neither, the frame takes its container's width. */
  width?: number;
  height?: number;
}

const CONTROL = 44;
/** Three 44 px buttons and the clock side by side. */
const CONTROLS_MIN_WIDTH = 280;

export function TimelinePlayer({ timeline, assets, base = null, musicSrc = null, time: controlledTime, onTimeChange, width, height }: TimelinePlayerProps) {
  const duration = timelineDuration(timeline);
  const [ownTime, setOwnTime] = useState(0);
  const controlled = controlledTime !== undefined;
  const time = clampTime(controlled ? controlledTime : ownTime, duration);
  const [playing, setPlaying] = useState(false);
  const [starting, setStarting] = useState(false);
  const [failedPictures, setFailedPictures] = useState<ReadonlySet<string>>(new Set());
  const { audio, states, loading } = usePreviewAudio(timeline, assets, musicSrc);
  const measured = useElementSize();
  const box = width === undefined && height === undefined ? { width: measured.width } : { width, height };
  const size = previewFrameSize(timeline.aspect_ratio, box);

  const frame = useMemo(() => previewFrame(timeline, assets, time, base), [timeline, assets, time, base]);
  const captionStyle = useMemo(() => timelineCaptionStyle(timeline), [timeline]);

  // The newest props for the animation loop and the audio callbacks, which outlive a render.
  const latest = useRef({ timeline, assets, musicSrc, onTimeChange, controlled, duration, time });
  latest.current = { timeline, assets, musicSrc, onTimeChange, controlled, duration, time };
  const lastEmitted = useRef(time);
  const playToken = useRef(0);
  const animation = useRef<number | null>(null);

  const emit = useCallback((next: number) => {
    lastEmitted.current = next;
    if (!latest.current.controlled) setOwnTime(next);
    latest.current.onTimeChange?.(next);
  }, []);

  const halt = useCallback(() => {
    playToken.current += 1;
    if (animation.current !== null) cancelAnimationFrame(animation.current);
    animation.current = null;
    audio?.stop();
  }, [audio]);

  const startAt = useCallback(
    async (from: number) => {
      if (!audio) return;
      halt();
      const token = playToken.current;
      const { timeline: current, assets: urls, musicSrc: music } = latest.current;
      const plan = audioPlan(current, from);
      setPlaying(true);
      setStarting(true);
      // Sound still decoding is waited for, so the voice starts with its picture.
      const needed = [...new Set([...plan.clips.map((clip) => urls[clip.asset]?.src), plan.music ? music : null])].filter((src): src is string => Boolean(src));
      await Promise.allSettled(needed.map((src) => audio.load(src)));
      if (token !== playToken.current) return;
      await audio.start(plan, { recording: (asset) => latest.current.assets[asset]?.src ?? null, music, language: current.language });
      if (token !== playToken.current) return;
      setStarting(false);
      const tick = () => {
        const now = audio.videoTime();
        if (now === null || token !== playToken.current) return;
        if (now >= latest.current.duration) {
          halt();
          setPlaying(false);
          emit(latest.current.duration);
          return;
        }
        emit(now);
        animation.current = requestAnimationFrame(tick);
      };
      animation.current = requestAnimationFrame(tick);
    },
    [audio, emit, halt],
  );

  const pause = useCallback(() => {
    const now = audio?.videoTime();
    halt();
    setPlaying(false);
    setStarting(false);
    if (now !== null && now !== undefined) emit(clampTime(now, latest.current.duration));
  }, [audio, emit, halt]);

  const play = useCallback(() => {
    const { time: at, duration: length } = latest.current;
    void startAt(at >= length - 0.5 / PREVIEW_FPS ? 0 : at);
  }, [startAt]);

  const playingRef = useRef(playing);
  playingRef.current = playing;

  const seek = useCallback(
    (to: number) => {
      const next = clampTime(to, latest.current.duration);
      emit(next);
      if (playingRef.current) void startAt(next);
    },
    [emit, startAt],
  );

  // A controlled position moved by the host (not by this player's clock) is a seek.
  useEffect(() => {
    if (!controlled || controlledTime === undefined) return;
    if (Math.abs(controlledTime - lastEmitted.current) <= 0.5 / PREVIEW_FPS) return;
    lastEmitted.current = controlledTime;
    if (playingRef.current) void startAt(clampTime(controlledTime, latest.current.duration));
  }, [controlled, controlledTime, startAt]);

  // An edit while playing: play on from here with the new timeline's sound.
  const firstTimeline = useRef(true);
  useEffect(() => {
    if (firstTimeline.current) {
      firstTimeline.current = false;
      return;
    }
    if (playingRef.current) void startAt(latest.current.time);
  }, [timeline, assets, musicSrc, startAt]);

  useEffect(() => () => halt(), [halt]);

  // Every still is fetched up front, so a cut shows the next picture at once, not after its download.
  const stills = useMemo(() => {
    const visuals = [...timeline.scenes, ...(base?.scenes ?? [])].map((scene) => scene.visual);
    const sources = visuals.filter((visual) => visual.kind === 'image' && visual.asset !== null).map((visual) => assets[visual.asset!]?.src);
    return [...new Set(sources.filter((src): src is string => Boolean(src)))];
  }, [timeline, base, assets]);
  useEffect(() => {
    const images = stills.map((src) => {
      const image = new Image();
      image.decoding = 'async';
      image.src = src;
      return image;
    });
    return () => images.forEach((image) => image.removeAttribute('src'));
  }, [stills]);

  useEffect(() => {
    void loadCaptionFont(captionStyle.font);
    if (timeline.watermark) void loadCaptionFont('Montserrat');
  }, [captionStyle.font, timeline.watermark]);

  // A browser test (or a host without React access) can set the position by writing data-time.
  const frameElement = useRef<HTMLDivElement>(null);
  const renderedTime = time.toFixed(3);
  const renderedTimeRef = useRef(renderedTime);
  renderedTimeRef.current = renderedTime;
  useEffect(() => {
    const element = frameElement.current;
    if (!element || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => {
      const written = element.getAttribute('data-time');
      if (written === null || written === renderedTimeRef.current) return;
      const value = Number(written);
      if (Number.isFinite(value)) seek(value);
    });
    observer.observe(element, { attributes: true, attributeFilter: ['data-time'] });
    return () => observer.disconnect();
  }, [seek]);

  const toggle = () => (playing ? pause() : play());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const onSlider = target.getAttribute('role') === 'slider';
    const onButton = target.tagName === 'BUTTON';
    let handled = true;
    if ((event.key === ' ' && !onButton) || event.key === 'k' || event.key === 'K') toggle();
    else if (onSlider && ['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key) && !event.shiftKey) handled = false;
    else if (event.key === 'ArrowLeft') seek(event.shiftKey ? stepFrames(time, -PREVIEW_FPS, duration) : stepFrames(time, -1, duration));
    else if (event.key === 'ArrowRight') seek(event.shiftKey ? stepFrames(time, PREVIEW_FPS, duration) : stepFrames(time, 1, duration));
    else if (event.key === 'Home') seek(0);
    else if (event.key === 'End') seek(duration);
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const totalFrames = Math.max(1, Math.round(duration * PREVIEW_FPS));
  const voice = frame.voice;
  const voiceFailed = voice.kind === 'recorded' && (voice.src === null || states[voice.src] === 'failed');
  const musicFailed = timeline.music !== null && musicSrc !== null && states[musicSrc] === 'failed';
  const pictureFailed = frame.picture !== null && failedPictures.has(frame.picture.asset);
  const problems = [voiceFailed ? 'The voice of this scene could not be loaded.' : null, musicFailed ? 'The music could not be loaded.' : null].filter((text): text is string => text !== null);

  return (
    <Box ref={measured.ref} w={width ?? '100%'} maw="100%">
      {/* The controls keep room for their buttons and clock under a frame narrowed by a short screen. */}
      <Stack gap={6} w={size.width > 0 ? Math.max(size.width, CONTROLS_MIN_WIDTH) : '100%'} maw="100%" mx="auto" role="group" aria-label="Video preview" onKeyDown={onKeyDown}>
        <Box
          ref={frameElement}
          data-testid="preview-frame"
          data-time={renderedTime}
          data-scene={frame.sceneId}
          tabIndex={0}
          role="group"
          aria-roledescription="video frame"
          aria-label="Preview. Space or K plays and pauses; arrow keys step a frame, with Shift a second; Home and End go to the start and the end."
          onClick={toggle}
          style={{ position: 'relative', width: size.width, height: size.height, margin: '0 auto', overflow: 'hidden', borderRadius: 12, background: '#000', cursor: 'pointer', touchAction: 'manipulation' }}
        >
          <PictureLayer frame={frame} playing={playing && !starting} failed={pictureFailed} onFailed={(asset) => setFailedPictures((previous) => new Set(previous).add(asset))} />
          {frame.headline ? <HeadlineText headline={frame.headline} width={size.width} height={size.height} /> : null}
          <Box style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
            <CaptionFrameView style={captionStyle} timings={frame.words} time={frame.time} aspectRatio={timeline.aspect_ratio} width={size.width} background="transparent" />
          </Box>
          {timeline.watermark ? <Watermark width={size.width} height={size.height} /> : null}
          <StandInLayer frame={frame} />
          {loading ? (
            <Group gap={6} data-testid="preview-loading" style={{ position: 'absolute', right: 8, bottom: 8, background: 'rgba(0,0,0,0.6)', borderRadius: 8, padding: '4px 8px' }}>
              <Loader size={14} color="white" />
              <Text c="white" fz="xs">
                Loading sound…
              </Text>
            </Group>
          ) : null}
          {problems.length > 0 ? (
            <Box role="status" style={{ position: 'absolute', left: 8, right: 8, bottom: 8, background: 'rgba(0,0,0,0.7)', borderRadius: 8, padding: '4px 8px' }}>
              {problems.map((problem) => (
                <Text key={problem} c="white" fz="xs">
                  {problem}
                </Text>
              ))}
            </Box>
          ) : null}
        </Box>
        <Slider
          thumbLabel="Position"
          thumbValueText={(value) => `${formatClock(value / PREVIEW_FPS)} of ${formatClock(duration)}`}
          min={0}
          max={totalFrames}
          step={1}
          value={Math.round(time * PREVIEW_FPS)}
          onChange={(value) => seek(value / PREVIEW_FPS)}
          label={null}
          size="md"
          thumbSize={22}
          styles={{ root: { minHeight: CONTROL, display: 'flex', alignItems: 'center' } }}
        />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <ActionIcon size={CONTROL} variant="subtle" aria-label="Back one frame" onClick={() => seek(stepFrames(time, -1, duration))}>
              <IconPlayerTrackPrevFilled size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon size={CONTROL} variant="filled" radius="xl" aria-label={playing ? 'Pause preview' : 'Play preview'} onClick={toggle}>
              {starting ? <Loader size={18} color="white" /> : playing ? <IconPlayerPauseFilled size={20} aria-hidden /> : <IconPlayerPlayFilled size={20} aria-hidden />}
            </ActionIcon>
            <ActionIcon size={CONTROL} variant="subtle" aria-label="Forward one frame" onClick={() => seek(stepFrames(time, 1, duration))}>
              <IconPlayerTrackNextFilled size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Text data-testid="preview-time" fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
            {formatClock(time)} / {formatClock(duration)}
          </Text>
        </Group>
      </Stack>
    </Box>
  );
}
