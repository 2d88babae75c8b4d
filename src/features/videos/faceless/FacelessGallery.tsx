// The gallery of ready-made styles: each card shows its look (the art style's swatch with the
// caption preset drawn on it), the voice and pacing, and "Use this style".
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { resolveCaptionStyle, type PlanSummary } from '../../../../contract';
import { lockedStyleText } from '../../../ui/art-styles/art-style-locks';
import { ART_STYLE_LOOKS } from '../../../ui/art-styles/art-styles';
import { loadCaptionFont } from '../../../ui/captions/caption-fonts';
import { sampleTimings } from '../../../ui/captions/caption-timeline';
import { CaptionFrameView } from '../../../ui/captions/CaptionPreview';
import { presetLabel } from '../../../ui/captions/preset-label';
import { FACELESS_STYLES, type FacelessStyle } from './styles';

export function pacingLabel(speed: number): string {
  if (speed < 0.95) return 'Slow pacing';
  if (speed > 1.05) return 'Fast pacing';
  return 'Even pacing';
}

interface FacelessGalleryProps {
  plans: PlanSummary[] | undefined;
  canCreate: boolean;
  /** The plan that unlocks creating, when the user's plan does not. */
  createPlan: PlanSummary | null;
  isArtStyleAllowed: (style: string) => boolean;
  onUse: (style: FacelessStyle) => void;
}

export function FacelessGallery({ plans, canCreate, createPlan, isArtStyleAllowed, onUse }: FacelessGalleryProps) {
  useEffect(() => {
    for (const style of FACELESS_STYLES) void loadCaptionFont(resolveCaptionStyle({ preset: style.captionPreset }).font);
  }, []);
  return (
    <Stack gap="md">
      {canCreate ? null : (
        <Alert color="violet" title="Creating videos is not in your plan">
          {createPlan ? `Creating videos is included in the ${createPlan.name} plan. ` : 'Upgrade your plan to create videos. '}
          <Anchor component={Link} to="/users/user-profile">
            Apply a licence code
          </Anchor>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {FACELESS_STYLES.map((style) => (
          <StyleCard key={style.id} style={style} plans={plans} canCreate={canCreate} artAllowed={isArtStyleAllowed(style.artStyle)} onUse={() => onUse(style)} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function StyleCard({ style, plans, canCreate, artAllowed, onUse }: { style: FacelessStyle; plans: PlanSummary[] | undefined; canCreate: boolean; artAllowed: boolean; onUse: () => void }) {
  const captions = resolveCaptionStyle({ preset: style.captionPreset });
  const timings = useMemo(() => sampleTimings(style.sampleTopic), [style.sampleTopic]);
  const headingId = `faceless-${style.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <CaptionFrameView
          style={captions}
          timings={timings}
          time={(timings[1]?.start ?? 0) + 0.01}
          aspectRatio="9:16"
          width={96}
          background={ART_STYLE_LOOKS[style.artStyle].swatch}
        />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={2} fz="md" id={headingId}>
            {style.name}
          </Title>
          <Text fz="sm" c="dimmed">
            {style.blurb}
          </Text>
          <Group gap={4}>
            <Badge variant="light">{ART_STYLE_LOOKS[style.artStyle].label}</Badge>
            <Badge variant="light" color="gray">
              {presetLabel(style.captionPreset)} captions
            </Badge>
          </Group>
          <Text fz="sm">
            {style.voiceDescription} · {pacingLabel(style.speed)} ({style.speed}×)
          </Text>
          {artAllowed ? null : (
            <Text fz="sm" c="dimmed">
              {ART_STYLE_LOOKS[style.artStyle].label}: {lockedStyleText(plans, style.artStyle).replace(/^Locked — /, '')}; your video uses the default style.
            </Text>
          )}
        </Stack>
      </Group>
      <Button mt="md" fullWidth variant="light" disabled={!canCreate} onClick={onUse}>
        Use this style<VisuallyHidden>: {style.name}</VisuallyHidden>
      </Button>
    </Card>
  );
}
