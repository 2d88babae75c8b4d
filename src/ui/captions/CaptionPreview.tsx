// The live caption preview: a mock frame of the chosen aspect ratio with the sample sentence paged
// and the spoken word lit, in time, drawn from resolveCaptionStyle — the same resolution the
// server's ASS writer uses, so what the creator sees is what gets burned in.
import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { FRAME_SIZES, type AspectRatio, type CaptionStyle, type WordTiming } from '../../../contract';
import { captionFontFamily, CAPTION_FONT_WEIGHTS, loadCaptionFont } from './caption-fonts';
import { captionFrameAt, SAMPLE_SENTENCE, sampleTimings, timelineLength } from './caption-timeline';

/** Safe margins for the platforms' own buttons and captions, as fractions of the frame height. */
const POSITION_STYLES: Record<CaptionStyle['position'], CSSProperties> = {
  top: { top: '14%' },
  middle: { top: '50%', transform: 'translateY(-50%)' },
  bottom: { bottom: '22%' },
};

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
}

/** One still frame of the preview at `time` (pure: the animation only changes `time`). */
export function CaptionFrameView({ style, timings, time, aspectRatio, width, background }: CaptionFrameViewProps) {
  const frame = captionFrameAt(timings, style, time);
  const size = FRAME_SIZES[aspectRatio];
  // Sizes in the settings are pixels on a 1080-px-wide frame.
  const scale = width / 1080;
  const height = (width * size.height) / size.width;
  const outline = Math.max(0, style.outline_width * scale);
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
      {style.enabled ? (
        <Box
          style={{
            position: 'absolute',
            left: '6%',
            right: '6%',
            textAlign: 'center',
            fontFamily: captionFontFamily(style.font),
            fontWeight: CAPTION_FONT_WEIGHTS[style.font],
            fontSize: Math.max(8, style.font_size * scale * 1.35),
            lineHeight: 1.15,
            color: style.text_color,
            WebkitTextStroke: outline > 0 ? `${outline}px ${style.outline_color}` : undefined,
            paintOrder: 'stroke fill',
            ...POSITION_STYLES[style.position],
          }}
        >
          {frame.lines.map((line, lineIndex) => (
            <div key={`${frame.page}-${lineIndex}`}>
              {line.map((word, wordIndex) => {
                const index = lineIndex * style.words_per_line + wordIndex;
                const lit = index === frame.active && style.highlight !== 'none';
                return (
                  <span key={index}>
                    {wordIndex > 0 ? ' ' : null}
                    <span
                      data-active={index === frame.active ? 'true' : undefined}
                      style={
                        lit
                          ? style.highlight === 'box'
                            ? // A boxed word has no outline (ASS draws the box instead of the border).
                              { background: style.highlight_color, borderRadius: 6 * scale + 2, padding: `0 ${8 * scale + 2}px`, WebkitTextStroke: 0 }
                            : { color: style.highlight_color }
                          : undefined
                      }
                    >
                      {word}
                    </span>
                  </span>
                );
              })}
            </div>
          ))}
        </Box>
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
