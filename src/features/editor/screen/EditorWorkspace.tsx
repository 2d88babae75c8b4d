// The editor with a draft open: the top bar, the player, the whole-video settings, and the scenes —
// a list of cards on a phone, a side panel and a horizontal timeline on a desktop. Every control
// edits the draft through `apply`; the player follows the selected scene and the playhead.
import { Box, Button, Collapse, Grid, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useElementSize, useViewportSize } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { sceneAt, sceneStarts, timelineDuration } from '../../../../contract/timeline';
import { showUndoableDelete } from '../../../ui/undo-toast';
import { useOnline } from '../../../ui/useOnline';
import { deleteScene, deleteVersion, draftState, edit, EditorDraftError, redo, requestRender, resolveConflict, TimelineEditError, undo, type EditorDraftRow } from '../data';
import { PREVIEW_FPS, stepFrames } from '../preview/preview-frame';
import { AddScene } from './AddScene';
import { ConflictDialog } from './ConflictDialog';
import type { ApplyEdit } from './editor-actions';
import { EditorTopBar } from './EditorTopBar';
import { RenderDialog } from './RenderDialog';
import { nextVersion, priceLabel } from './render-summary';
import { saveStatus } from './save-status';
import { SceneControls } from './SceneControls';
import { SceneList } from './SceneList';
import type { EditorCommand } from './shortcuts';
import { useEditorKeys } from './useEditorKeys';
import { VersionsList } from './VersionsList';

const TimelinePlayer = lazy(() => import('../preview/TimelinePlayer').then((module) => ({ default: module.TimelinePlayer })));
const VideoSettings = lazy(() => import('./VideoSettings').then((module) => ({ default: module.VideoSettings })));
const DesktopTimeline = lazy(() => import('./DesktopTimeline').then((module) => ({ default: module.DesktopTimeline })));

/** The player's controls under its frame (scrubber, buttons, clock), CSS pixels. */
const PLAYER_CONTROLS = 100;
const SCENE_DELETE_UNDO_MS = 8000;

export function EditorWorkspace({ draft, phone, musicSrc }: { draft: EditorDraftRow; phone: boolean; musicSrc: string | null }) {
  const videoId = draft.videoId;
  const timeline = draft.timeline;
  const online = useOnline();
  const state = draftState(draft);
  const [time, setTime] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(timeline.scenes[0]?.id ?? null);
  const [conflictOpen, setConflictOpen] = useState(false);
  const [renderOpen, setRenderOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const playerBox = useRef<HTMLDivElement>(null);
  const measured = useElementSize();
  const viewport = useViewportSize();
  const duration = timelineDuration(timeline);
  const selected = timeline.scenes.find((scene) => scene.id === selectedId) ?? timeline.scenes[0]!;
  const selectedIndex = timeline.scenes.indexOf(selected);
  const base = useMemo(() => draft.server.timeline, [draft.server.timeline]);

  const apply: ApplyEdit = useCallback(
    async (change, options = {}) => {
      try {
        await edit(videoId, change, { coalesce: options.coalesce });
        return null;
      } catch (error) {
        if (!(error instanceof TimelineEditError) && !(error instanceof EditorDraftError)) throw error;
        if (!options.quiet) notifications.show({ color: 'red', title: 'That change could not be made', message: error.message });
        return error.message;
      }
    },
    [videoId],
  );

  // Stable between edits: the scene cards are memoised, so moving the playhead (every frame while
  // scrubbing or playing) does not render them again.
  const select = useCallback(
    (sceneId: string) => {
      setSelectedId(sceneId);
      const index = timeline.scenes.findIndex((scene) => scene.id === sceneId);
      if (index >= 0) setTime(sceneStarts(timeline).starts[index]!);
    },
    [timeline],
  );

  const seek = useCallback(
    (at: number) => {
      setTime(at);
      setSelectedId(timeline.scenes[sceneAt(timeline, at).index]?.id ?? null);
    },
    [timeline],
  );

  const removeScene = useCallback(
    (sceneId: string) => {
      const number = timeline.scenes.findIndex((scene) => scene.id === sceneId) + 1;
      void apply((current) => deleteScene(current, sceneId)).then((refused) => {
        if (refused) return;
        const id = `editor-scene-deleted-${sceneId}`;
        showUndoableDelete({
          id,
          title: 'Scene deleted',
          name: `Scene ${number}`,
          message: `Scene ${number} was deleted.`,
          undoLabel: `Undo delete of scene ${number}`,
          autoClose: SCENE_DELETE_UNDO_MS,
          onUndo: () => {
            notifications.hide(id);
            void undo(videoId);
          },
        });
      });
    },
    [timeline, apply, videoId],
  );

  useEditorKeys((command: EditorCommand) => {
    if (command === 'undo') void undo(videoId);
    else if (command === 'redo') void redo(videoId);
    else if (command === 'frame-back') setTime(stepFrames(time, -1, duration));
    else if (command === 'frame-forward') setTime(stepFrames(time, 1, duration));
    else if (command === 'delete-scene') removeScene(selected.id);
    // The player owns playback (its clock is the audio's): its own button starts and stops it.
    else playerBox.current?.querySelector<HTMLButtonElement>('button[aria-label="Play preview"], button[aria-label="Pause preview"]')?.click();
  });

  const version = nextVersion(draft.server.versions);
  const price = draft.server.price;
  const renderBlocked = draft.conflict
    ? 'Choose which version to keep first.'
    : draft.dirty
      ? 'Your edits are being saved; render when they are.'
      : !price.changed
        ? 'Nothing has changed since the last version.'
        : null;

  const playerHeight = phone ? Math.max(140, Math.round(viewport.height * 0.45) - PLAYER_CONTROLS) : Math.max(200, Math.round(viewport.height * 0.5) - PLAYER_CONTROLS);
  const player = (
    <Box ref={measured.ref} w="100%">
      <Box ref={playerBox} style={{ display: 'flex', justifyContent: 'center' }}>
        <Suspense fallback={<Skeleton height={playerHeight} width={Math.round((playerHeight * 9) / 16)} />}>
          {measured.width > 0 && (
            <TimelinePlayer timeline={timeline} assets={draft.server.assets} base={base} musicSrc={musicSrc} time={time} onTimeChange={setTime} width={measured.width} height={playerHeight} />
          )}
        </Suspense>
      </Box>
    </Box>
  );

  const settings = (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Whole-video settings">
      <Button variant="subtle" fullWidth justify="space-between" rightSection={settingsOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />} onClick={() => setSettingsOpen(!settingsOpen)} aria-expanded={settingsOpen}>
        Voice, music, captions and format
      </Button>
      <Collapse expanded={settingsOpen}>
        {settingsOpen && (
          <Box pt="sm">
            <Suspense fallback={<Skeleton height={200} />}>
              <VideoSettings timeline={timeline} apply={apply} />
            </Suspense>
          </Box>
        )}
      </Collapse>
    </Paper>
  );

  const topBar = (
    <EditorTopBar
      canUndo={state.canUndo}
      canRedo={state.canRedo}
      onUndo={() => void undo(videoId)}
      onRedo={() => void redo(videoId)}
      status={saveStatus(draft, online)}
      onConflict={() => setConflictOpen(true)}
      renderLabel={`Render v${version} · ${priceLabel(price)}`}
      renderBlocked={renderBlocked}
      onRender={() => setRenderOpen(true)}
    />
  );

  const versions = <VersionsList versions={draft.server.versions} renderError={draft.renderError} onDelete={(number) => deleteVersion(videoId, number).then(() => undefined)} />;

  return (
    <Stack gap="sm">
      {phone ? (
        <>
          <Box style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0rem)', zIndex: 3, background: 'var(--mantine-color-body)', paddingBottom: 4 }}>
            {topBar}
            {player}
          </Box>
          {settings}
          <SceneList timeline={timeline} assets={draft.server.assets} selectedId={selected.id} apply={apply} onSelect={select} onDelete={removeScene} pictureService={draft.server.picture_service} />
          {versions}
        </>
      ) : (
        <>
          {topBar}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6, lg: 5 }}>{player}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 6, lg: 7 }}>
              <Stack gap="sm">
                <Paper withBorder p="sm" radius="md" component="section" aria-label={`Scene ${selectedIndex + 1}`}>
                  <SceneControls key={selected.id} timeline={timeline} scene={selected} index={selectedIndex} assets={draft.server.assets} apply={apply} onDelete={removeScene} pictureService={draft.server.picture_service} headingOrder={2} />
                  <AddScene afterId={selected.id} afterNumber={selectedIndex + 1} apply={apply} />
                </Paper>
                {settings}
              </Stack>
            </Grid.Col>
          </Grid>
          <Suspense fallback={<Skeleton height={160} />}>
            <DesktopTimeline timeline={timeline} assets={draft.server.assets} time={time} selectedId={selected.id} onSelect={select} onSeek={seek} />
          </Suspense>
          <Text fz="xs" c="dimmed">
            {timeline.scenes.length} scenes · {(Math.round(duration * PREVIEW_FPS) / PREVIEW_FPS).toFixed(1)} s
          </Text>
          {versions}
        </>
      )}
      {draft.conflict && <ConflictDialog opened={conflictOpen} mine={timeline} saved={draft.conflict.timeline} onClose={() => setConflictOpen(false)} onChoose={(choice) => void resolveConflict(videoId, choice).then(() => setConflictOpen(false))} />}
      <RenderDialog opened={renderOpen} version={version} timeline={timeline} price={price} onClose={() => setRenderOpen(false)} onRender={() => requestRender(videoId, draft.revision, price.credits)} />
    </Stack>
  );
}
