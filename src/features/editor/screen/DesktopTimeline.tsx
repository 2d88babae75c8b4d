// The desktop's horizontal timeline: tracks of scenes (blocks as long as they last, with their
// pictures), voice (each scene's recording; one to be recorded again is hatched and says so),
// music (one bar with its volume) and captions (a tick per word), under a playhead that follows
// the player. Clicking a track seeks there; the scene blocks are buttons (Tab, Enter selects).
// A lazy chunk: phones never load it.
import { Box, Text, UnstyledButton } from '@mantine/core';
import { memo, type MouseEvent } from 'react';
import { needsRecording, sceneStarts, timelineDuration, type Timeline } from '../../../../contract/timeline';
import type { PreviewAssets } from '../preview/preview-frame';

export interface DesktopTimelineProps {
  timeline: Timeline;
  assets: PreviewAssets;
  time: number;
  selectedId: string | null;
  onSelect: (sceneId: string) => void;
  onSeek: (time: number) => void;
}

const LABEL_WIDTH = 72;
const percent = (value: number) => `${value * 100}%`;
const HATCH = 'repeating-linear-gradient(45deg, var(--mantine-color-orange-1) 0 6px, var(--mantine-color-orange-3) 6px 12px)';

function Track({ label, height, onSeek, duration, children }: { label: string; height: number; onSeek: (time: number) => void; duration: number; children: React.ReactNode }) {
  const seek = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) onSeek(Math.max(0, Math.min(1, (event.clientX - box.left) / box.width)) * duration);
  };
  return (
    <Box style={{ display: 'flex', alignItems: 'stretch', gap: 8 }}>
      <Text fz="xs" fw={600} w={LABEL_WIDTH} style={{ flex: 'none', alignSelf: 'center' }}>
        {label}
      </Text>
      <Box onClick={seek} style={{ position: 'relative', flex: 1, height, background: 'var(--mantine-color-gray-1)', borderRadius: 4, cursor: 'pointer' }} data-track={label}>
        {children}
      </Box>
    </Box>
  );
}

/** The four tracks, memoised: only the playhead moves with the time (every frame while playing or scrubbing). */
const Tracks = memo(function Tracks({ timeline, assets, selectedId, onSelect, onSeek }: Omit<DesktopTimelineProps, 'time'>) {
  const duration = timelineDuration(timeline);
  const { starts } = sceneStarts(timeline);
  const at = (seconds: number) => percent(duration > 0 ? seconds / duration : 0);
  const music = timeline.music;
  return (
    <>
      <Track label="Scenes" height={64} onSeek={onSeek} duration={duration}>
        {timeline.scenes.map((scene, index) => {
          const src = scene.visual.asset && scene.visual.kind === 'image' ? assets[scene.visual.asset]?.src : undefined;
          const selected = scene.id === selectedId;
          return (
            <UnstyledButton
              key={scene.id}
              aria-pressed={selected}
              aria-label={`Scene ${index + 1}, ${scene.duration.toFixed(1)} seconds`}
              onClick={(event) => {
                event.stopPropagation();
                onSelect(scene.id);
              }}
              style={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: at(starts[index]!),
                // The tail after the last word shows the last scene's picture, as its frames do.
                width: at(scene.duration + (index === timeline.scenes.length - 1 ? timeline.tail : 0)),
                borderRadius: 4,
                overflow: 'hidden',
                outline: selected ? '3px solid var(--mantine-color-violet-6)' : '1px solid var(--mantine-color-gray-4)',
                outlineOffset: selected ? -3 : -1,
                background: src ? `center / cover no-repeat url("${src}")` : 'var(--mantine-color-grape-1)',
              }}
            >
              <Text fz="xs" fw={700} px={4} c={src ? 'white' : 'dark'} style={{ textShadow: src ? '0 0 3px #000' : undefined, whiteSpace: 'nowrap' }}>
                {index + 1}
              </Text>
            </UnstyledButton>
          );
        })}
      </Track>
      <Track label="Voice" height={24} onSeek={onSeek} duration={duration}>
        {timeline.scenes.map((scene, index) => {
          const stale = needsRecording(scene, timeline.voice);
          const length = stale ? scene.captions.at(-1)?.end ?? scene.duration : Math.min(scene.duration, scene.recording!.to - scene.recording!.from);
          return (
            <Box
              key={scene.id}
              title={stale ? `Scene ${index + 1}: new voice at the next render` : `Scene ${index + 1}: recorded voice`}
              style={{ position: 'absolute', top: 3, bottom: 3, left: at(starts[index]!), width: at(length), borderRadius: 3, background: stale ? HATCH : 'var(--mantine-color-teal-4)', overflow: 'hidden' }}
            >
              {stale && (
                <Text fz={10} px={4} style={{ whiteSpace: 'nowrap' }}>
                  New voice
                </Text>
              )}
            </Box>
          );
        })}
      </Track>
      <Track label="Music" height={24} onSeek={onSeek} duration={duration}>
        {music ? (
          <Box style={{ position: 'absolute', inset: 3, borderRadius: 3, background: 'var(--mantine-color-blue-2)', overflow: 'hidden' }}>
            <Text fz={10} px={4} style={{ whiteSpace: 'nowrap' }}>
              {music.title ?? 'Music'} · {Math.round(music.volume * 100)} %
            </Text>
          </Box>
        ) : (
          <Text fz={10} px={4} c="dimmed">
            No music
          </Text>
        )}
      </Track>
      <Track label="Captions" height={28} onSeek={onSeek} duration={duration}>
        {timeline.scenes.flatMap((scene, index) =>
          scene.captions.map((word, wordIndex) => (
            <Box key={`${scene.id}-${wordIndex}`} title={word.word} style={{ position: 'absolute', top: 2, bottom: 2, left: at(starts[index]! + word.start), width: 2, background: 'var(--mantine-color-gray-6)' }} />
          )),
        )}
      </Track>
    </>
  );
});

export function DesktopTimeline({ timeline, assets, time, selectedId, onSelect, onSeek }: DesktopTimelineProps) {
  const duration = timelineDuration(timeline);
  return (
    <Box component="section" aria-label="Timeline" style={{ position: 'relative', display: 'flex', flexDirection: 'column', gap: 6 }}>
      <Tracks timeline={timeline} assets={assets} selectedId={selectedId} onSelect={onSelect} onSeek={onSeek} />
      <Box
        aria-hidden
        data-testid="timeline-playhead"
        style={{ position: 'absolute', top: 0, bottom: 0, left: `calc(${LABEL_WIDTH + 8}px + (100% - ${LABEL_WIDTH + 8}px) * ${duration > 0 ? time / duration : 0})`, width: 2, background: 'var(--mantine-color-red-6)', pointerEvents: 'none' }}
      />
    </Box>
  );
}
