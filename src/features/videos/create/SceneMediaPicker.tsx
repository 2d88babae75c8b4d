// The creator's own pictures or clips, one per scene in order: uploaded to
// POST /api/media with a progress bar, listed as "Scene 1", "Scene 2", … with move and remove
// buttons; scenes past the list get the chosen art style. An upload carries a file, so it is a
// direct request, not an outbox change: offline the picker says so and is disabled.
import { ActionIcon, Box, Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconMovie, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId } from 'react';
import { uploadLimitMessage } from '../../../api';
import { uploadSceneMedia } from '../data/videos-http';
import { useOnline } from '../../../ui/useOnline';
import { formatBytes } from '../format';
import { useUpload } from '../useUpload';
import { UploadFailureAlert, UploadProgressBar } from '../UploadStatus';
import type { FlowState, SceneMediaItem } from './flow-state';

export const SCENE_MEDIA_ACCEPT = 'image/png,image/jpeg,image/webp,video/mp4,video/quicktime,video/webm';
// The server's limits (server/http/routes/scene-media.ts); checked here only to fail fast.
const IMAGE_LIMIT_BYTES = 20 * 1024 * 1024;
const CLIP_LIMIT_BYTES = 200 * 1024 * 1024;
const MAX_SCENES = 60;

function isSceneMediaAnswer(value: unknown): value is { id: string; kind: 'image' | 'video' } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && (record.kind === 'image' || record.kind === 'video');
}

function previewOf(file: File): string | null {
  if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(file);
}

interface SceneMediaPickerProps {
  items: SceneMediaItem[];
  update: (patch: Partial<FlowState>) => void;
}

export function SceneMediaPicker({ items, update }: SceneMediaPickerProps) {
  const online = useOnline();
  const hintId = useId();
  const { progress, uploading, failure, setFailure, run } = useUpload();
  const blocked = !online || uploading || items.length >= MAX_SCENES;

  const choose = async (file: File | null) => {
    setFailure(null);
    if (!file) return;
    if (!SCENE_MEDIA_ACCEPT.split(',').includes(file.type)) {
      setFailure(`“${file.name}” is not a picture or clip this app can use. Choose a PNG, JPEG or WebP image, or an MP4, MOV or WebM clip.`);
      return;
    }
    const limit = file.type.startsWith('video/') ? CLIP_LIMIT_BYTES : IMAGE_LIMIT_BYTES;
    if (file.size > limit) {
      setFailure(uploadLimitMessage(file, { max_file_size: limit }));
      return;
    }
    if (!online) {
      setFailure('You are offline. Uploading your own visuals needs a connection; try again when you are back online.');
      return;
    }
    await run(async (onProgress) => {
      const answer: unknown = await uploadSceneMedia(file, { onProgress });
      if (!isSceneMediaAnswer(answer)) throw new Error('The server answered the upload in an unexpected way.');
      update({ sceneMedia: [...items, { id: answer.id, name: file.name, kind: answer.kind, previewUrl: previewOf(file) }] });
    }, 'The file could not be uploaded.');
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    update({ sceneMedia: next });
  };

  const remove = (index: number) => {
    const gone = items[index];
    if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
    update({ sceneMedia: items.filter((_, position) => position !== index) });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={`${hintId}-title`}>
      <Title order={3} fz="sm" id={`${hintId}-title`}>
        Use your own pictures or clips (optional)
      </Title>
      <Text fz="xs" c="dimmed" id={hintId}>
        Each file becomes one scene, in this order. Scenes without one get the art style chosen above. PNG, JPEG or WebP up to{' '}
        {formatBytes(IMAGE_LIMIT_BYTES)}; MP4, MOV or WebM up to {formatBytes(CLIP_LIMIT_BYTES)}.
      </Text>
      {online ? null : (
        <Text fz="sm" role="status">
          You are offline. Uploading your own pictures or clips needs a connection.
        </Text>
      )}
      {items.length > 0 ? (
        <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your own visuals">
          {items.map((item, index) => (
            <Group key={item.id} component="li" gap="xs" wrap="nowrap">
              {item.previewUrl ? (
                <Box component="img" src={item.previewUrl} alt="" w={44} h={44} style={{ objectFit: 'cover', borderRadius: 6, flexShrink: 0 }} />
              ) : (
                <Box w={44} h={44} style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }} aria-hidden>
                  <IconMovie size={24} />
                </Box>
              )}
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text fz="sm" fw={600}>
                  Scene {index + 1}
                </Text>
                <Text fz="xs" c="dimmed" truncate>
                  {item.name}
                </Text>
              </Stack>
              <ActionIcon variant="default" size={44} aria-label={`Move scene ${index + 1} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="default" size={44} aria-label={`Move scene ${index + 1} down`} disabled={index === items.length - 1} onClick={() => move(index, 1)}>
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon variant="default" color="red" size={44} aria-label={`Remove scene ${index + 1} (${item.name})`} onClick={() => remove(index)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : null}
      <UploadProgressBar progress={progress} />
      <Group>
        <FileButton onChange={(file) => void choose(file)} accept={SCENE_MEDIA_ACCEPT} disabled={blocked}>
          {(props) => (
            <Button {...props} disabled={blocked} variant="light" mih={44} leftSection={<IconUpload size={18} aria-hidden />} loading={uploading} aria-describedby={hintId}>
              Add a picture or clip
            </Button>
          )}
        </FileButton>
      </Group>
      <UploadFailureAlert failure={failure} />
    </Stack>
  );
}
