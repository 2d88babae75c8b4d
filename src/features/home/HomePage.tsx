// Home dashboard: who you are, your plan, credits, what the plan includes, what is locked and
// which plan unlocks it, and how much of each limit is used. Everything shown comes from the
// session, the permissions object (spec §3, §5) and the cached plan catalogue and usage;
// nothing is invented.
import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCoins, IconCrown, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ART_STYLES, type RoutePermission } from '../../../contract';
import { limitText, planName, unlockingPlan, useAuth, usePermissions } from '../../session';
import { usePlanCatalogue } from '../../session/plan-catalogue';
import { whenIdle } from '../../ui/idle';
import { PageFrame } from '../../ui/PageFrame';
import { formatCount } from '../../ui/format-count';

export interface HomePageProps {
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

function styleLabel(style: string): string {
  return style
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** One fact at the top of home (the plan, the credits): an icon, what it is, its value big. */
function FactCard({ icon, color, label, value, children }: { icon: ReactNode; color?: string; label: string; value: string; children?: ReactNode }) {
  return (
    <Card withBorder padding="lg">
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

/** A titled card of home's sections (features, locked features, limits, art styles). */
function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function HomePage({ PublishAlerts }: HomePageProps = {}) {
  const { user, credits, refreshUser } = useAuth();
  const [painted, setPainted] = useState(false);

  useEffect(() => {
    let active = true;
    // Refreshes of copies the page already shows: once it has painted (docs/decisions/performance.md).
    whenIdle(() => {
      if (!active) return;
      setPainted(true);
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
  const { permissions, hasPermission, isArtStyleAllowed } = accessor;
  const { plans, usage } = usePlanCatalogue();
  const locked = permissions ? FEATURES.filter((feature) => !hasPermission(feature.permission)) : [];

  const limitKeys = permissions ? Object.keys(permissions).filter((key) => key.endsWith('_limit')).sort() : [];
  const allowedStyles = ART_STYLES.filter((style) => isArtStyleAllowed(style));
  const allStyles = allowedStyles.length === ART_STYLES.length;

  return (
    <PageFrame title={`Welcome, ${user?.name ?? ''}`} description="Here is what your plan includes right now.">
      {PublishAlerts && painted && hasPermission('can_publish_post') ? (
        <Suspense fallback={null}>
          <PublishAlerts />
        </Suspense>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FactCard icon={<IconCrown size={22} />} label="Current plan" value={planName(user, plans)}>
          <Anchor component={Link} to="/users/user-profile" hash="licence" fz="sm">
            Have a licence code? Apply it
          </Anchor>
        </FactCard>
        <FactCard icon={<IconCoins size={22} />} color="yellow" label="Credits balance" value={formatCount(credits)} />
      </SimpleGrid>

      <SectionCard title="Features">
        <List spacing="xs" listStyleType="none" p={0}>
          {FEATURES.map((feature) => {
            const held = hasPermission(feature.permission);
            return (
              <List.Item key={feature.permission}>
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size="sm" radius="xl" variant="light" color={held ? 'teal' : 'gray'} aria-hidden>
                    {held ? <IconCheck size={14} /> : <IconLock size={14} />}
                  </ThemeIcon>
                  <Text>{feature.label}</Text>
                  <Badge variant="light" color={held ? 'teal' : 'gray'} tt="none" style={{ flexShrink: 0 }}>
                    {held ? 'Included' : 'Locked'}
                  </Badge>
                </Group>
              </List.Item>
            );
          })}
        </List>
      </SectionCard>

      {locked.length > 0 ? (
        <SectionCard title="Unlock more">
          <Text fz="sm" c="dimmed">
            These are not in your {planName(user, plans)} plan yet. A licence code for the plan named next to each unlocks it at once.
          </Text>
          <List spacing="xs" listStyleType="none" p={0} aria-label="Locked features and the plan that unlocks them">
            {locked.map((feature) => {
              const plan = unlockingPlan(plans, feature.permission);
              return (
                <List.Item key={feature.permission}>
                  <Group gap="xs" wrap="wrap">
                    <IconLock size={16} aria-hidden />
                    <Text>{feature.label}</Text>
                    <Text c="dimmed">—</Text>
                    <Text fw={600}>{plan ? `${plan.name} plan` : 'a higher plan'}</Text>
                  </Group>
                </List.Item>
              );
            })}
          </List>
          <Anchor component={Link} to="/users/user-profile" hash="licence" fz="sm">
            Apply a licence code
          </Anchor>
        </SectionCard>
      ) : null}

      {limitKeys.length > 0 ? (
        <SectionCard title="Limits">
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
        </SectionCard>
      ) : null}

      {permissions ? (
        <SectionCard title="Art styles">
          {allStyles ? (
            <Text>All styles</Text>
          ) : allowedStyles.length === 0 ? (
            <Text>No art styles are included in your plan.</Text>
          ) : (
            <Group gap="xs">
              {allowedStyles.map((style) => (
                <Badge key={style} variant="outline" tt="none" size="lg">
                  {styleLabel(style)}
                </Badge>
              ))}
            </Group>
          )}
        </SectionCard>
      ) : null}
    </PageFrame>
  );
}
