// The art style choice: every style of the contract with a real frame over its palette swatch; a
// style the plan does not allow is a disabled card naming the plan that unlocks it. Shared by the
// video create flow and the series screens (the plan rules are handed in: src/ui reads no session).
import { Box, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ART_STYLES, type PlanSummary } from '../../../contract';
import { ART_STYLE_LOOKS, artStyleThumbnailUrl, type ArtStyle } from './art-styles';
import { lockedStyleText } from './art-style-locks';

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

export interface ArtStylePickerProps {
  value: ArtStyle;
  onChange: (style: ArtStyle) => void;
  error?: string;
  /** The plan catalogue (names the plan that unlocks a locked style); undefined before the first pull. */
  plans: PlanSummary[] | undefined;
  isArtStyleAllowed: (style: string) => boolean;
  description?: string;
}

export function ArtStylePicker({ value, onChange, error, plans, isArtStyleAllowed, description }: ArtStylePickerProps) {
  return (
    <Radio.Group
      label="Art style"
      description={description ?? 'How the visuals look. Without an image provider the server draws its own built-in visuals in this style.'}
      value={value}
      error={error}
      onChange={(next) => {
        const style = ART_STYLES.find((candidate) => candidate === next);
        if (style && isArtStyleAllowed(style)) onChange(style);
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
  );
}
