// Step (d): the art style. Every style of the contract is shown with a swatch; a style the plan does
// not allow is shown locked, with the plan that unlocks it, and cannot be chosen. Below it, the
// creator's own pictures or clips for the first scenes (optional).
import { Box, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ART_STYLES, type PlanSummary } from '../../../../contract';
import { ART_STYLE_LOOKS, artStyleThumbnailUrl, type ArtStyle } from './art-styles';
import { lockedStyleText } from './art-style-locks';
import { SceneMediaPicker } from './SceneMediaPicker';
import type { StepProps } from './step-props';

/** A real 9:16 frame of the style over its palette swatch (seen while loading, or if missing). */
export function ArtStyleSwatch({ style, size = 44 }: { style: ArtStyle; size?: number }) {
  const height = Math.round((size * 16) / 9);
  return (
    <Box aria-hidden w={size} h={height} style={{ borderRadius: 8, background: ART_STYLE_LOOKS[style].swatch, flexShrink: 0, border: '1px solid rgba(0,0,0,0.15)', overflow: 'hidden' }}>
      <img
        src={artStyleThumbnailUrl(style)}
        alt=""
        width={size}
        height={height}
        loading="lazy"
        decoding="async"
        style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        onError={(event) => {
          event.currentTarget.style.visibility = 'hidden';
        }}
      />
    </Box>
  );
}

interface ArtStyleStepProps extends StepProps {
  plans: PlanSummary[] | undefined;
  isArtStyleAllowed: (style: string) => boolean;
}

export function ArtStyleStep({ state, update, errors, plans, isArtStyleAllowed }: ArtStyleStepProps) {
  return (
    <Stack gap="lg">
      <Radio.Group
        label="Art style"
        description="How the visuals look. Without an image provider the server draws its own built-in visuals in this style."
        value={state.artStyle}
        error={errors.artStyle}
        onChange={(value) => {
          if (isArtStyleAllowed(value)) update({ artStyle: value });
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
          {ART_STYLES.map((style) => {
            const allowed = isArtStyleAllowed(style);
            const look = ART_STYLE_LOOKS[style];
            return (
              <Radio.Card key={style} value={style} disabled={!allowed} p="xs" radius="md" mih={60} style={allowed ? undefined : { opacity: 0.7, cursor: 'not-allowed' }}>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator disabled={!allowed} />
                  <ArtStyleSwatch style={style} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} fz="sm">
                      {look.label}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {allowed ? look.description : lockedStyleText(plans, style)}
                    </Text>
                  </Stack>
                  {allowed ? null : <IconLock size={16} aria-hidden style={{ marginLeft: 'auto', flexShrink: 0 }} />}
                </Group>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
      <SceneMediaPicker items={state.sceneMedia} update={update} />
    </Stack>
  );
}
