// Everything a creator can do to one scene: its picture, its line, what the next render redoes
// (badges), its caption words, and a menu (move, split at the caret's word, merge, swap picture,
// camera move, length, delete). The phone's scene card and the desktop's side panel both show it.
import { ActionIcon, Badge, Collapse, Group, Menu, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsJoin, IconArrowsMove, IconCut, IconDots, IconPhoto, IconRuler2, IconTrash } from '@tabler/icons-react';
import { memo, useRef, useState } from 'react';
import { needsRecording, needsVisual, type Timeline, type TimelineScene } from '../../../../contract/timeline';
import { mergeScenes, reorderScene, splitScene, TimelineEditError } from '../data';
import type { PreviewAssets } from '../preview/preview-frame';
import { CaptionChips } from './CaptionChips';
import { caretWordIndex, type ApplyEdit } from './editor-actions';
import { LengthControl, MotionControls } from './SceneAdjust';
import { SceneLine } from './SceneLine';
import { SceneThumb } from './SceneThumb';
import { SwapPictureSheet } from './SwapPictureSheet';

export const NEW_VOICE_BADGE = 'New voice at next render';
export const NEW_PICTURE_BADGE = 'New picture at next render';

export interface SceneControlsProps {
  timeline: Timeline;
  scene: TimelineScene;
  index: number;
  assets: PreviewAssets;
  apply: ApplyEdit;
  /** Deletes the scene (the page shows the undo toast). */
  onDelete: (sceneId: string) => void;
  /** Who makes new pictures on this server (the swap sheet says so). */
  pictureService: string | undefined;
  /** The heading's level in the page. */
  headingOrder?: 2 | 3;
}

/** Memoised, like the list of cards: a playhead move does not render a scene's controls again. */
export const SceneControls = memo(function SceneControls({ timeline, scene, index, assets, apply, onDelete, pictureService, headingOrder = 3 }: SceneControlsProps) {
  const number = index + 1;
  const last = index === timeline.scenes.length - 1;
  const line = useRef<HTMLTextAreaElement>(null);
  const [panel, setPanel] = useState<'motion' | 'length' | null>(null);
  const [swapping, setSwapping] = useState(false);
  const Heading = headingOrder === 2 ? 'h2' : 'h3';

  const split = () => {
    const field = line.current;
    const caret = field ? field.selectionStart : 0;
    const at = caretWordIndex(field?.value ?? scene.text, caret);
    void apply((current) => {
      if (at < 1) throw new TimelineEditError('Put the cursor in the line on the word the new scene should start with, then choose Split here.');
      return splitScene(current, scene.id, at);
    });
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text component={Heading} fw={600} fz="md" m={0}>
          Scene {number} <Text span c="dimmed" fz="sm">· {scene.duration.toFixed(1)} s</Text>
        </Text>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" size={44} aria-label={`Scene ${number} actions`} onClick={(event) => event.stopPropagation()}>
              <IconDots size={20} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconArrowUp size={16} />} disabled={index === 0} onClick={() => void apply((current) => reorderScene(current, scene.id, index - 1))}>
              Move up
            </Menu.Item>
            <Menu.Item leftSection={<IconArrowDown size={16} />} disabled={last} onClick={() => void apply((current) => reorderScene(current, scene.id, index + 1))}>
              Move down
            </Menu.Item>
            <Menu.Item leftSection={<IconCut size={16} />} onClick={split}>
              Split here
            </Menu.Item>
            <Menu.Item leftSection={<IconArrowsJoin size={16} />} disabled={last} onClick={() => void apply((current) => mergeScenes(current, scene.id))}>
              Merge with next
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconPhoto size={16} />} onClick={() => setSwapping(true)}>
              Swap picture
            </Menu.Item>
            <Menu.Item leftSection={<IconArrowsMove size={16} />} onClick={() => setPanel(panel === 'motion' ? null : 'motion')}>
              Motion
            </Menu.Item>
            <Menu.Item leftSection={<IconRuler2 size={16} />} onClick={() => setPanel(panel === 'length' ? null : 'length')}>
              Length
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} disabled={timeline.scenes.length === 1} onClick={() => onDelete(scene.id)}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <SceneThumb scene={scene} assets={assets} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <SceneLine scene={scene} number={number} apply={apply} fieldRef={line} />
          {(needsRecording(scene, timeline.voice) || needsVisual(scene)) && (
            <Group gap={4}>
              {needsRecording(scene, timeline.voice) && <Badge color="orange" variant="light">{NEW_VOICE_BADGE}</Badge>}
              {needsVisual(scene) && <Badge color="grape" variant="light">{NEW_PICTURE_BADGE}</Badge>}
            </Group>
          )}
        </Stack>
      </Group>
      <CaptionChips scene={scene} number={number} apply={apply} />
      <Collapse expanded={panel === 'motion'}>{panel === 'motion' && <MotionControls scene={scene} number={number} apply={apply} />}</Collapse>
      <Collapse expanded={panel === 'length'}>{panel === 'length' && <LengthControl timeline={timeline} scene={scene} number={number} apply={apply} />}</Collapse>
      {swapping && <SwapPictureSheet opened onClose={() => setSwapping(false)} timeline={timeline} scene={scene} number={number} assets={assets} apply={apply} pictureService={pictureService} />}
    </Stack>
  );
});
