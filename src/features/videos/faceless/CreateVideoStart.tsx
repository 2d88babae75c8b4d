// Home's first section (composed by src/app/home-page.tsx): "Create a video" and the faceless
// styles, each a link that opens the create flow pre-filled. It paints with home's own chunk: the
// styles are plain data and the swatches are CSS, so nothing here waits for the local store.
// Without `can_create_video` it names the plan that unlocks creating, as the gallery does.
import { Anchor, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconLock, IconSparkles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { unlockingPlan, usePermissions } from '../../../session';
import { usePlanCatalogue } from '../../../session/plan-catalogue';
import { ButtonLink } from '../../../ui/links';
import { ART_STYLE_LOOKS } from '../../../ui/art-styles/art-styles';
import { FACELESS_STYLES, styleSearch, type FacelessStyle } from './styles';

/** How many ready-made styles home offers (the gallery has them all). */
export const HOME_PRESET_COUNT = 6;

const HEADING_ID = 'home-create-video';

export function CreateVideoStart() {
  const { loading, hasPermission, isArtStyleAllowed } = usePermissions();
  const { plans } = usePlanCatalogue();
  // While permissions load nothing is shown as locked, so nothing flickers.
  const canCreate = loading || hasPermission('can_create_video');
  const createPlan = canCreate ? null : unlockingPlan(plans, 'can_create_video');

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={HEADING_ID}>
            Create a video
          </Title>
          <Text fz="sm" c="dimmed">
            Give a topic; Reelflow writes the script and makes the voice-over, pictures and captions.
          </Text>
        </Stack>
        {canCreate ? (
          <Group>
            <ButtonLink to="/create-ai-video" size="md" leftSection={<IconSparkles size={18} aria-hidden />}>
              Start from a topic
            </ButtonLink>
          </Group>
        ) : (
          // A note, not an alert: it is the plan's state, not news to announce on every visit.
          <Group gap="xs" wrap="nowrap" align="flex-start" data-locked-create>
            <IconLock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text fz="sm">
              {createPlan ? `Creating videos is included in the ${createPlan.name} plan. ` : 'Creating videos is not in your plan. '}
              <Anchor component={Link} to="/users/user-profile" hash="licence" fz="sm" underline="always">
                Apply a licence code
              </Anchor>
            </Text>
          </Group>
        )}
        <Stack gap="xs">
          <Text fz="sm" fw={600} id={`${HEADING_ID}-styles`}>
            {canCreate ? 'Or start from a faceless style' : 'Faceless styles'}
          </Text>
          {canCreate ? (
            <Box
              component="ul"
              aria-labelledby={`${HEADING_ID}-styles`}
              m={0}
              p={0}
              style={{ listStyle: 'none', display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
            >
              {FACELESS_STYLES.slice(0, HOME_PRESET_COUNT).map((style) => (
                <li key={style.id}>
                  <PresetLink style={style} artAllowed={isArtStyleAllowed(style.artStyle)} />
                </li>
              ))}
            </Box>
          ) : null}
          <Anchor component={Link} to="/faceless-video" fz="sm">
            See every style <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
          </Anchor>
        </Stack>
      </Stack>
    </Card>
  );
}

/** One style: its art style's swatch and its name, opening the create flow pre-filled. */
function PresetLink({ style, artAllowed }: { style: FacelessStyle; artAllowed: boolean }) {
  return (
    <Link
      to="/create-ai-video"
      search={styleSearch(style, artAllowed)}
      aria-label={`Create a ${style.name} video`}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        minHeight: 44,
        padding: 6,
        color: 'inherit',
        textDecoration: 'none',
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Box aria-hidden w={24} h={36} style={{ flexShrink: 0, borderRadius: 4, background: ART_STYLE_LOOKS[style.artStyle].swatch }} />
      <Text span fz="sm" fw={500} lh={1.3}>
        {style.name}
      </Text>
    </Link>
  );
}
