// A scene's camera move (pan, zoom, how far) and its length (never below its narration).
import { Group, NativeSelect, Slider, Stack, Text } from '@mantine/core';
import { MOTION_PANS, MOTION_ZOOMS, TIMELINE_LIMITS, type Timeline, type TimelineMotion, type TimelineScene } from '../../../../contract/timeline';
import { narrationSeconds, setMotion, setSceneDuration } from '../data';
import type { ApplyEdit } from './editor-actions';

const PAN_LABELS: Record<(typeof MOTION_PANS)[number], string> = { up: 'Up', down: 'Down', left: 'Left', right: 'Right', none: 'No pan' };
const ZOOM_LABELS: Record<(typeof MOTION_ZOOMS)[number], string> = { in: 'In', out: 'Out', none: 'No zoom' };
const DEFAULT_MOTION: TimelineMotion = { pan: 'none', zoom: 'in', amount: 0.08 };

export function MotionControls({ scene, number, apply }: { scene: TimelineScene; number: number; apply: ApplyEdit }) {
  if (scene.visual.kind === 'video') return <Text fz="sm" c="dimmed">A clip plays as it was filmed: it has no camera move.</Text>;
  const motion = scene.visual.motion ?? DEFAULT_MOTION;
  const set = (patch: Partial<TimelineMotion>) => void apply((timeline) => setMotion(timeline, scene.id, { ...motion, ...patch }), { coalesce: `motion:${scene.id}` });
  return (
    <Stack gap="xs">
      <Group grow>
        <NativeSelect label="Pan" value={motion.pan} data={MOTION_PANS.map((pan) => ({ value: pan, label: PAN_LABELS[pan] }))} onChange={(event) => set({ pan: event.currentTarget.value as TimelineMotion['pan'] })} />
        <NativeSelect label="Zoom" value={motion.zoom} data={MOTION_ZOOMS.map((zoom) => ({ value: zoom, label: ZOOM_LABELS[zoom] }))} onChange={(event) => set({ zoom: event.currentTarget.value as TimelineMotion['zoom'] })} />
      </Group>
      <Text fz="sm">How far it moves</Text>
      <Slider
        thumbLabel={`How far scene ${number}’s picture moves`}
        min={0}
        max={0.2}
        step={0.01}
        value={motion.amount}
        label={(value) => `${Math.round(value * 100)} %`}
        onChange={(amount) => set({ amount })}
        thumbSize={22}
      />
    </Stack>
  );
}

export function LengthControl({ timeline, scene, number, apply }: { timeline: Timeline; scene: TimelineScene; number: number; apply: ApplyEdit }) {
  const shortest = Math.max(TIMELINE_LIMITS.minSceneSeconds, Math.ceil(narrationSeconds(scene, timeline.voice) * 10) / 10);
  const longest = Math.max(shortest, Math.min(TIMELINE_LIMITS.sceneSeconds, shortest + 20));
  return (
    <Stack gap={4}>
      <Text fz="sm">
        {scene.duration.toFixed(1)} s on screen (the narration needs {shortest.toFixed(1)} s)
      </Text>
      <Slider
        thumbLabel={`Length of scene ${number}, seconds`}
        min={shortest}
        max={longest}
        step={0.1}
        value={Math.min(longest, Math.max(shortest, scene.duration))}
        label={(value) => `${value.toFixed(1)} s`}
        onChange={(seconds) => void apply((current) => setSceneDuration(current, scene.id, seconds), { coalesce: `length:${scene.id}` })}
        thumbSize={22}
      />
    </Stack>
  );
}
