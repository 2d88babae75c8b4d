// The phone's timeline: the scenes top to bottom as cards, "Add a scene" after each. Tapping a
// card selects its scene and moves the player to its start.
import { Card, Stack } from '@mantine/core';
import { memo } from 'react';
import type { Timeline } from '../../../../contract/timeline';
import type { PreviewAssets } from '../preview/preview-frame';
import { AddScene } from './AddScene';
import type { ApplyEdit } from './editor-actions';
import { SceneControls } from './SceneControls';

export interface SceneListProps {
  timeline: Timeline;
  assets: PreviewAssets;
  selectedId: string | null;
  apply: ApplyEdit;
  onSelect: (sceneId: string) => void;
  onDelete: (sceneId: string) => void;
  /** Who makes new pictures on this server (undefined in a draft saved before the server said). */
  pictureService: string | undefined;
}

/** Memoised: the workspace renders on every playhead move, the cards only when their props change. */
export const SceneList = memo(function SceneList({ timeline, assets, selectedId, apply, onSelect, onDelete, pictureService }: SceneListProps) {
  return (
    <Stack gap="xs" component="ol" aria-label="Scenes" m={0} p={0} style={{ listStyle: 'none' }}>
      {timeline.scenes.map((scene, index) => (
        <li key={scene.id}>
          <Card
            withBorder
            padding="sm"
            radius="md"
            data-scene-card={scene.id}
            aria-current={scene.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(scene.id)}
            style={scene.id === selectedId ? { borderColor: 'var(--mantine-color-violet-6)', borderWidth: 2 } : undefined}
          >
            <SceneControls timeline={timeline} scene={scene} index={index} assets={assets} apply={apply} onDelete={onDelete} pictureService={pictureService} />
          </Card>
          <AddScene afterId={scene.id} afterNumber={index + 1} apply={apply} />
        </li>
      ))}
    </Stack>
  );
});
