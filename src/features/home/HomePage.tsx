// Home starts the work: "Create a video" and the faceless styles first, then what needs the
// creator (failed videos and posts, accounts to reconnect), the latest videos, the next scheduled
// posts, and the plan and credits last. The top paints with home's own chunk; the sections that
// read the local store load once it has painted (activity/). The plan part comes from the session,
// the permissions object (spec §3, §5) and the cached plan catalogue and usage; nothing is invented.
import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins, IconCrown, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, startTransition, Suspense, useEffect, useId, useState, type ComponentType, type ReactNode } from 'react';
import type { RoutePermission } from '../../../contract';
import { limitText, planName, unlockingPlan, useAuth, usePermissions } from '../../session';
import { usePlanCatalogue } from '../../session/plan-catalogue';
import { ChunkBoundary, retryWhenOnline } from '../../ui/ChunkBoundary';
import { whenIdle } from '../../ui/idle';
import { PageFrame } from '../../ui/PageFrame';
import { formatCount } from '../../ui/format-count';
import { AnchorLink } from '../../ui/links';

export interface HomePageProps {
  /**
   * "Create a video" and the faceless styles: the videos domain's widget, plugged in by the app
   * (src/app/home-page.tsx) because features do not import each other's screens.
   */
  Start?: ComponentType;
  /**
   * The warning of posts about to fail for want of an account. It is publishing's widget, so the
   * app plugs it in (src/app/home-page.tsx): features do not import each other's screens.
   */
  PublishAlerts?: ComponentType;
}

/** Home's refresh of the plans and usage skips a pull younger than this (milliseconds). */
const HOME_REFRESH_SKIP_MS = 30_000;

const FEATURES: { permission: RoutePermission; label: string }[] = [
  { permission: 'can_create_video', label: 'Create AI videos' },
  { permission: 'can_create_series', label: 'Create AI video series' },
  { permission: 'can_publish_post', label: 'Publish and schedule posts' },
  { permission: 'can_create_video_caption', label: 'Transcribe videos with captions' },
];

/** "videos_per_month_limit" -> "Videos per month". */
function limitLabel(key: string): string {
  const words = key.replace(/_limit$/, '').replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The sections that read the local store: one chunk (it brings Dexie), requested once home has
// painted. Offline before it was cached it is asked for again when the network is back.
// The app sets what goes first: the data layer and the contract schemas the chunk evaluates, each
// in a task of its own; evaluated with the chunk they made one of the load's longest tasks.
let prepareSections: () => Promise<unknown> = () => Promise.resolve();
export function setHomeSectionsPreparation(prepare: () => Promise<unknown>): void {
  prepareSections = prepare;
}
const activity = retryWhenOnline(() => prepareSections().then(() => import('./activity/HomeActivity')));
const NeedsYou = lazy(() => activity().then((module) => ({ default: module.NeedsYou })));
const LatestVideos = lazy(() => activity().then((module) => ({ default: module.LatestVideos })));
const NextPosts = lazy(() => activity().then((module) => ({ default: module.NextPosts })));

/** One fact of the plan part (the plan, the credits): an icon, what it is, its value big. */
function FactCard({ icon, color, label, value, children }: { icon: ReactNode; color?: string; label: string; value: string; children?: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={0}>
          <Text c="dimmed" fz="sm">
            {label}
          </Text>
          <Text fw={700} fz="xl">
            {value}
          </Text>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}

/** A titled section of home, with an optional link to the full list at its top right. */
function HomeSection({ title, link, children }: { title: string; link?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {link}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A section's store-backed content: "Loading..." until home has painted and its chunk is in. */
function Deferred({ ready, name, children }: { ready: boolean; name: string; children: ReactNode }) {
  const loading = (
    <Text c="dimmed" fz="sm" role="status">
      Loading...
    </Text>
  );
  if (!ready) return loading;
  return (
    <ChunkBoundary name={name} fallback={<Text fz="sm">This part could not be loaded. Reload the page to try again.</Text>}>
      <Suspense fallback={loading}>{children}</Suspense>
    </ChunkBoundary>
  );
}

export function HomePage({ Start, PublishAlerts }: HomePageProps = {}) {
  const { user, credits, refreshUser } = useAuth();
  const [painted, setPainted] = useState(false);

  useEffect(() => {
    let active = true;
    // Refreshes of copies the page already shows: once it has painted (docs/decisions/performance.md).
    whenIdle(() => {
      if (!active) return;
      // In a transition: React renders the sections in slices, not in one long task (Lighthouse TBT).
      startTransition(() => setPainted(true));
      // The stored user may be stale (plan changed on another device or by an admin): refresh it
      // when there is a network; offline, the stored copy is what we have.
      if (navigator.onLine) refreshUser().catch(() => undefined);
      // Usage moves with every generation (also on other devices); the catalogue rarely changes.
      // Not again when pulled moments ago (at start-up the engine has just pulled both).
      // The sync layer reports its own failures; offline, the cached copies are shown. Imported on
      // use: home renders before the offline engine has loaded (docs/decisions/performance.md).
      const recent = { unlessPulledWithinMs: HOME_REFRESH_SKIP_MS };
      import('../plans/data')
        .then(({ refreshPlans, refreshUsage }) => Promise.all([refreshUsage(recent), refreshPlans(recent)]))
        .catch(() => undefined);
    });
    return () => {
      active = false;
    };
  }, [refreshUser]);
  const accessor = usePermissions();
  const { permissions, hasPermission } = accessor;
  const { plans, usage } = usePlanCatalogue();
  const withPublishing = hasPermission('can_publish_post');
  const locked = permissions ? FEATURES.filter((feature) => !hasPermission(feature.permission)) : [];
  const limitKeys = permissions ? Object.keys(permissions).filter((key) => key.endsWith('_limit')).sort() : [];

  return (
    <PageFrame title={`Welcome, ${user?.name ?? ''}`} description="Start a video, then see what needs you.">
      {Start ? <Start /> : null}

      <HomeSection title="Needs you">
        {PublishAlerts && painted && withPublishing ? (
          <Suspense fallback={null}>
            <PublishAlerts />
          </Suspense>
        ) : null}
        <Deferred ready={painted} name="What needs you">
          <NeedsYou withPublishing={withPublishing} />
        </Deferred>
      </HomeSection>

      <SimpleGrid cols={{ base: 1, md: withPublishing ? 2 : 1 }} spacing="md">
        <HomeSection
          title="Latest videos"
          link={
            <AnchorLink to="/my-videos" fz="sm">
              All videos
            </AnchorLink>
          }
        >
          <Deferred ready={painted} name="The latest videos">
            <LatestVideos />
          </Deferred>
        </HomeSection>
        {withPublishing ? (
          <HomeSection
            title="Next posts"
            link={
              <AnchorLink to="/calender" fz="sm">
                Calendar
              </AnchorLink>
            }
          >
            <Deferred ready={painted} name="The next posts">
              <NextPosts />
            </Deferred>
          </HomeSection>
        ) : null}
      </SimpleGrid>

      <HomeSection title="Plan and credits">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FactCard icon={<IconCrown size={22} />} label="Current plan" value={planName(user, plans)}>
            <Anchor component={Link} to="/users/user-profile" hash="licence" fz="sm">
              Have a licence code? Apply it
            </Anchor>
          </FactCard>
          <FactCard icon={<IconCoins size={22} />} color="yellow" label="Credits balance" value={formatCount(credits)}>
            <Anchor component={Link} to="/users/credits-history" fz="sm">
              Credits history
            </Anchor>
          </FactCard>
        </SimpleGrid>

        {locked.length > 0 ? (
          <Stack gap={4}>
            <Title order={3} fz="md">
              Not in your plan yet
            </Title>
            <List spacing={4} listStyleType="none" p={0} aria-label="Locked features and the plan that unlocks them">
              {locked.map((feature) => {
                const plan = unlockingPlan(plans, feature.permission);
                return (
                  <List.Item key={feature.permission}>
                    {/* One sentence, so a phone wraps it as text rather than putting the plan on a line of its own. */}
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                      <Text fz="sm">
                        {feature.label}{' '}
                        <Text span inherit c="dimmed">
                          —
                        </Text>{' '}
                        <Text span inherit fw={600}>
                          {plan ? `${plan.name} plan` : 'a higher plan'}
                        </Text>
                      </Text>
                    </Group>
                  </List.Item>
                );
              })}
            </List>
          </Stack>
        ) : null}

        {limitKeys.length > 0 ? (
          <Stack gap={4}>
            <Title order={3} fz="md">
              Limits
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="dl" m={0}>
              {limitKeys.map((key) => {
                const text = limitText(accessor, key, usage.get(key.replace(/_limit$/, '')));
                return (
                  <Stack key={key} gap={0}>
                    <Text component="dt" c="dimmed" fz="sm">
                      {limitLabel(key)}
                    </Text>
                    <Text component="dd" fw={600} m={0}>
                      {text.value}
                      {text.detail ? (
                        <Text span display="block" fz="sm" fw={400} c="dimmed">
                          {text.detail}
                        </Text>
                      ) : null}
                    </Text>
                  </Stack>
                );
              })}
            </SimpleGrid>
          </Stack>
        ) : null}
      </HomeSection>
    </PageFrame>
  );
}
