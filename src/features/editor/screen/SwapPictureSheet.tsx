// "Swap picture": a sheet with the four ways to give a scene a new picture — made anew in the
// video's art style from an editable prompt, stock found from search words, the creator's own
// upload (POST /api/media), or another scene's picture reused. Made and stock pictures arrive at
// the next render; the preview shows the old one dimmed until then.
import { Alert, Button, Drawer, FileButton, SegmentedControl, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { Timeline, TimelineScene } from '../../../../contract/timeline';
import { BUILTIN_VISUALS_LABEL } from '../../../../contract/videos';
import { errorMessage } from '../../../api';
import { useOnline } from '../../../ui/useOnline';
import { uploadSceneMedia } from '../../videos/data';
import { swapVisual, type VisualChoice } from '../data';
import type { PreviewAssets } from '../preview/preview-frame';
import type { ApplyEdit } from './editor-actions';
import { SceneThumb } from './SceneThumb';

type Way = 'regenerate' | 'stock' | 'upload' | 'reuse';
const WAYS: { value: Way; label: string }[] = [
  { value: 'regenerate', label: 'Make new' },
  { value: 'stock', label: 'Stock' },
  { value: 'upload', label: 'Upload' },
  { value: 'reuse', label: 'Reuse' },
];

export interface SwapPictureSheetProps {
  opened: boolean;
  onClose: () => void;
  timeline: Timeline;
  scene: TimelineScene;
  number: number;
  assets: PreviewAssets;
  apply: ApplyEdit;
  /** Who makes new pictures on this server, e.g. "Pexels stock videos and photos". */
  pictureService: string | undefined;
}

export function SwapPictureSheet({ opened, onClose, timeline, scene, number, assets, apply, pictureService }: SwapPictureSheetProps) {
  const online = useOnline();
  const [way, setWay] = useState<Way>('regenerate');
  const [prompt, setPrompt] = useState(scene.visual.prompt || scene.text);
  const [search, setSearch] = useState(scene.visual.source === 'stock' ? scene.visual.prompt : '');
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (choice: VisualChoice) => {
    const refused = await apply((current) => swapVisual(current, scene.id, choice), { quiet: true });
    setFailure(refused);
    if (!refused) onClose();
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setFailure(null);
    try {
      const answer = await uploadSceneMedia(file);
      const kind = answer.kind;
      if (typeof answer.id !== 'string' || (kind !== 'image' && kind !== 'video')) throw new Error('The server answered the upload in an unexpected way.');
      await choose({ kind: 'upload', mediaId: answer.id, mediaKind: kind });
    } catch (error) {
      setFailure(errorMessage(error, 'The file could not be uploaded.'));
    } finally {
      setUploading(false);
    }
  };

  const others = timeline.scenes.map((other, index) => ({ other, index })).filter(({ other }) => other.id !== scene.id);

  return (
    <Drawer opened={opened} onClose={onClose} position="bottom" size="auto" title={`New picture for scene ${number}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm" pb="md">
        <SegmentedControl fullWidth value={way} onChange={(value) => setWay(value)} data={WAYS} aria-label="Where the new picture comes from" />
        {way === 'regenerate' && (
          <>
            <Textarea label={`What it shows (made in the ${timeline.art_style} style at the next render)`} value={prompt} onChange={(event) => setPrompt(event.currentTarget.value)} autosize minRows={2} maxRows={6} />
            <Button onClick={() => void choose({ kind: 'regenerate', prompt })}>Make a new picture</Button>
          </>
        )}
        {way === 'stock' && (
          <>
            <TextInput
              label="Search words for a stock picture or clip"
              description={`Found at the next render by ${pictureService ?? 'the picture service this server uses'}.${pictureService === BUILTIN_VISUALS_LABEL ? ' With no stock library set up, the built-in art draws it from these words.' : ''}`}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Button onClick={() => void choose({ kind: 'stock', prompt: search })}>Use stock</Button>
          </>
        )}
        {way === 'upload' &&
          (online ? (
            <FileButton onChange={(file) => void upload(file)} accept="image/*,video/*">
              {(props) => (
                <Button {...props} loading={uploading}>
                  Choose an image or clip
                </Button>
              )}
            </FileButton>
          ) : (
            <Text fz="sm">Uploading needs a connection. The other ways work offline.</Text>
          ))}
        {way === 'reuse' && (
          <Stack gap={6}>
            {others.map(({ other, index }) => (
              <UnstyledButton key={other.id} onClick={() => void choose({ kind: 'reuse', fromSceneId: other.id })} aria-label={`Use the picture of scene ${index + 1}`} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <SceneThumb scene={other} assets={assets} width={40} />
                <Text fz="sm" lineClamp={2}>
                  Scene {index + 1}: {other.text}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Drawer>
  );
}
