// A scene's picture, small: the still, the clip's first frame, or a mark for a picture still to be made.
import { Box, Center, Text } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import type { TimelineScene } from '../../../../contract/timeline';
import type { PreviewAssets } from '../preview/preview-frame';

export function SceneThumb({ scene, assets, width = 72 }: { scene: TimelineScene; assets: PreviewAssets; width?: number }) {
  const src = scene.visual.asset ? assets[scene.visual.asset]?.src : undefined;
  const height = Math.round(width * 16 / 9);
  const style = { width, height, objectFit: 'cover' as const, borderRadius: 6, display: 'block' };
  if (!src) {
    return (
      <Center w={width} h={height} bg="gray.2" style={{ borderRadius: 6, flex: 'none' }} aria-hidden>
        <Box ta="center">
          <IconPhotoPlus size={20} />
          <Text fz={10} lh={1.1}>New picture</Text>
        </Box>
      </Center>
    );
  }
  // Decorative: the card's heading names the scene, and its line says what it shows.
  return scene.visual.kind === 'video' ? (
    <video src={`${src}#t=${scene.visual.trim_start}`} muted preload="metadata" playsInline aria-hidden style={{ ...style, flex: 'none' }} />
  ) : (
    <img src={src} alt="" loading="lazy" style={{ ...style, flex: 'none' }} />
  );
}
