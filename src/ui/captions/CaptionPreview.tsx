// The live caption preview: a mock frame of the chosen aspect ratio with captions drawn by the
// server's own caption layout (contract/caption-layout: anchor, margins, sizes, pages and the lit
// word), scaled from the rendered frame's pixels to the preview's CSS pixels, so what the creator
// sees is where and how big the burned-in captions will be.
import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import {
  captionFrameInPages,
  captionLayout,
  FRAME_SIZES,
  pageCaptions,
  type AspectRatio,
  type CaptionFrame,
  type CaptionLayout,
  type CaptionStyle,
  type WordTiming,
} from '../../../contract';
import { captionAreaPosition, captionLineStyle, captionTextStyle, litWordStyle } from './caption-block-style';
import { captionFontFamily, CAPTION_FONT_WEIGHTS, loadCaptionFont } from './caption-fonts';
import { SAMPLE_SENTENCE, sampleTimings, timelineLength } from './caption-timeline';

const TICK_MS = 50;

export interface CaptionFrameViewProps {
  style: CaptionStyle;
  timings: readonly WordTiming[];
  time: number;
  aspectRatio: AspectRatio;
  /** Width of the mock frame in CSS pixels. */
  width: number;
  /** CSS background of the frame (the gallery shows the art style's swatch). */
  background?: string;
  /**
   * The rendered video's frame in pixels, which the layout is computed on and scaled from (the
   * aspect ratio's render size when not given; a creator's own media passes its own).
   */
  renderSize?: { width: number; height: number };
}

function CaptionBlock({ style, frame, layout, scale, position }: { style: CaptionStyle; frame: CaptionFrame; layout: CaptionLayout; scale: number; position: CSSProperties }) {
  const lit = litWordStyle(style, layout, scale);
  const lineStyle = captionLineStyle(style, layout, scale);
  let index = 0;
  return (
    <Box data-testid="caption-area" style={position}>
      <Box data-testid="caption-block" style={{ ...captionTextStyle(style, layout, scale), fontFamily: captionFontFamily(style.font), fontWeight: CAPTION_FONT_WEIGHTS[style.font] }}>
        {frame.lines.map((line, lineIndex) => (
          <div key={`${frame.page}-${lineIndex}`} style={lineStyle}>
            {line.map((word, wordIndex) => {
              const current = index++ === frame.active && lit !== undefined;
              return (
                <span key={wordIndex}>
                  {wordIndex > 0 ? ' ' : null}
                  <span data-active={current ? 'true' : undefined} style={current ? lit : undefined}>
                    {word}
                  </span>
                </span>
              );
            })}
          </div>
        ))}
      </Box>
    </Box>
  );
}

/** One still frame of the preview at `time` (pure: the animation only changes `time`). */
export function CaptionFrameView({ style, timings, time, aspectRatio, width, background, renderSize }: CaptionFrameViewProps) {
  const { words_per_line: wordsPerLine, lines } = style;
  // Paged once per set of words, not on every tick of the clock.
  const pages = useMemo(() => pageCaptions(timings, { words_per_line: wordsPerLine, lines }), [timings, wordsPerLine, lines]);
  const frame = captionFrameInPages(pages, style, time);
  const render = renderSize ?? FRAME_SIZES[aspectRatio];
  const scale = width / render.width;
  const height = render.height * scale;
  const layout = captionLayout(style, render.width, render.height);
  return (
    <Box
      data-testid="caption-frame"
      aria-hidden
      style={{
        position: 'relative',
        width,
        height,
        borderRadius: 12,
        overflow: 'hidden',
        background: background ?? 'linear-gradient(165deg, #1f2a44 0%, #3b2f5c 50%, #0f1626 100%)',
        flexShrink: 0,
      }}
    >
      {style.enabled && frame.lines.length > 0 ? (
        <CaptionBlock style={style} frame={frame} layout={layout} scale={scale} position={captionAreaPosition(layout, render.width, render.height, scale)} />
      ) : null}
    </Box>
  );
}

/** The animated preview: plays the sample in a loop; a button pauses it (reduced motion: paused). */
export function CaptionPreview({ style, aspectRatio, speed }: { style: CaptionStyle; aspectRatio: AspectRatio; speed: number }) {
  const reducedMotion = useReducedMotion();
  // null = not chosen yet: play unless the system asks for reduced motion.
  const [playing, setPlaying] = useState<boolean | null>(null);
  const [time, setTime] = useState(0);
  const timings = useMemo(() => sampleTimings(SAMPLE_SENTENCE, speed), [speed]);
  const length = timelineLength(timings);
  const startedAt = useRef<number | null>(null);
  const animate = playing ?? !reducedMotion;

  useEffect(() => {
    void loadCaptionFont(style.font);
  }, [style.font]);

  useEffect(() => {
    if (!animate) return;
    startedAt.current = performance.now() - time * 1000;
    const timer = window.setInterval(() => {
      const elapsed = (performance.now() - (startedAt.current ?? 0)) / 1000;
      setTime(elapsed % length);
    }, TICK_MS);
    return () => window.clearInterval(timer);
    // `time` is read only to resume where the preview paused.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [animate, length]);

  const width = aspectRatio === '16:9' ? 300 : aspectRatio === '1:1' ? 240 : 200;
  return (
    <Box component="figure" m={0}>
      <Group justify="center">
        <CaptionFrameView style={style} timings={timings} time={time} aspectRatio={aspectRatio} width={width} />
      </Group>
      <Group justify="center" gap="xs" mt="xs">
        <ActionIcon size={44} variant="light" radius="xl" aria-label={animate ? 'Pause caption preview' : 'Play caption preview'} onClick={() => setPlaying(!animate)}>
          {animate ? <IconPlayerPauseFilled size={18} aria-hidden /> : <IconPlayerPlayFilled size={18} aria-hidden />}
        </ActionIcon>
        <Text component="figcaption" fz="sm" c="dimmed">
          {style.enabled ? 'Live preview of your captions' : 'No captions will be burned in'}
        </Text>
      </Group>
    </Box>
  );
}
