// The signed-in shell (DESIGN §2 "layout shell"): header with brand, credits and user menu; a
// navigation sidebar that becomes a drawer behind a burger on phones; the guarded page.
import {
  ActionIcon,
  AppShell,
  Box,
  Badge,
  Burger,
  Group,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconCoins,
  IconLock,
  IconMoon,
  IconMovie,
  IconSun,
} from '@tabler/icons-react';
import { Link, Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { RoutePermission } from '../../../contract';
import { unlockingPlan, useAuth, usePermissions } from '../../session';
import { usePlanCatalogue } from '../../session/plan-catalogue';
import { useAfterFirstScreen } from '../../ui/AfterFirstScreen';
import { MAIN_CONTENT_ID } from '../../ui/Landmarks';
import { AccessGate } from '../AccessGate';
import { ChunkBoundary, retryWhenOnline } from '../../ui/ChunkBoundary';
import { AccountButton } from './AccountButton';
import { useColorSchemeSwitch } from './color-scheme';
import { lockedLabel, NAV_SECTIONS } from './nav';
import { NavItemLink } from './NavItemLink';
import { PlainAccountMenu } from './PlainAccountMenu';
import { StorageBanner } from './StorageBanner';
import { SyncIndicator } from './LazySyncIndicator';
import { formatCount } from '../../ui/format-count';

/** The signed-in layout route's component: signed-out visitors go to /login (spec §4). */
export function SignedInLayout() {
  // Signed in means user and token (spec §4); see AccessGate.
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const redirect = useCallback(
    (to: '/login' | '/') => {
      void navigate({ to, replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    if (!isAuthenticated) redirect('/login');
  }, [isAuthenticated, redirect]);

  if (!isAuthenticated) return null;
  return <Shell onRedirect={redirect} />;
}

function useRequiredPermission(): RoutePermission | null {
  return useMatches({
    select: (matches) =>
      matches.reduce<RoutePermission | null>((required, match) => match.staticData.permission ?? required, null),
  });
}

function Shell({ onRedirect }: { onRedirect: (to: '/login' | '/') => void }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const required = useRequiredPermission();
  // Below `sm` the closed drawer is only moved off screen: make it inert so that Tab and screen
  // readers do not walk through links nobody can see.
  // Read at once (no server render to match): the first render already knows it is a phone.
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <UnstyledButton
              component={Link}
              to="/"
              aria-label="Reelflow home"
              mih={44}
              miw={44}
              display="flex"
              style={{ alignItems: 'center', justifyContent: 'center' }}
            >
              <Group gap={6} wrap="nowrap">
                <IconMovie aria-hidden size={26} color="var(--mantine-primary-color-filled)" />
                {/* Phones need the room for the sync indicator; the link keeps its name. */}
                <Text fw={800} fz="lg" visibleFrom="xs">
                  Reelflow
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap={4} wrap="nowrap">
            <SyncIndicator />
            {/* Phones: the install offer lives in the account menu; the sync state needs the room. */}
            <Box visibleFrom="xs">
              <InstallButtonWhenLoaded />
            </Box>
            <CreditsBadge />
            {/* Phones: the theme switch lives in the account menu; the header has no room. */}
            <Box visibleFrom="xs">
              <ColorSchemeToggle />
            </Box>
            <UserMenuWhenLoaded />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar aria-label="Main navigation" inert={phone === true && !opened}>
        {/* The browser's own scrolling: Mantine's ScrollArea observed sizes and repainted its
            thumbs at every change of the list (the drawer's links arriving after the first screen). */}
        <AppShell.Section grow p="sm" style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          <NavigationWhenNeeded deferred={phone === true && !opened} onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <StorageBanner />
        <AccessGate required={required} onRedirect={onRedirect}>
          <Outlet />
        </AccessGate>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * On a phone the drawer is closed at first: its links (icons, lock hints) render when it first
 * opens, and stay. Rendered after the first screen instead, they were one long task of a phone's
 * start (~300 elements, their commit and layout; docs/decisions/performance.md) for a list nobody
 * sees until the burger is pressed; the closed drawer is inert, so neither Tab nor a screen reader
 * reaches it before that either. Wider screens show the navigation at once.
 */
function NavigationWhenNeeded({ deferred, onNavigate }: { deferred: boolean; onNavigate: () => void }) {
  const [wanted, setWanted] = useState(!deferred);
  if (!deferred && !wanted) setWanted(true);
  return wanted ? <Navigation onNavigate={onNavigate} /> : null;
}

function Navigation({ onNavigate }: { onNavigate: () => void }) {
  const { loading, hasPermission } = usePermissions();
  // Which plan unlocks a locked item, from the cached catalogue (works offline; absent before the
  // first pull, then the item just says "upgrade your plan").
  const { plans } = usePlanCatalogue();
  // AppShell.Navbar is the <nav> landmark ("Main navigation").
  return (
    <Stack gap="md">
        {NAV_SECTIONS.map((section) => (
          <Stack key={section.label} gap={2}>
            <Text fz="xs" fw={700} tt="uppercase" c="dimmed" px="sm">
              {section.label}
            </Text>
            {section.items.map((item) => {
              // Only mark as locked once permissions are known, so nothing flickers to locked.
              const locked = !loading && item.permission !== undefined && !hasPermission(item.permission);
              const ItemIcon = item.icon;
              const unlockedBy = locked && item.permission ? unlockingPlan(plans, item.permission) : null;
              return (
                <NavItemLink
                  key={item.to}
                  to={item.to}
                  label={item.label}
                  onClick={onNavigate}
                  leftSection={<ItemIcon size={18} stroke={1.6} aria-hidden />}
                  rightSection={
                    locked ? (
                      // The browser's own hover hint: Mantine's Tooltip would bring its popover code
                      // (~25 KB) into the first screen; screen readers get the same from the hidden text.
                      <Group
                        component="span"
                        gap={4}
                        wrap="nowrap"
                        title={unlockedBy ? `Included in the ${unlockedBy.name} plan` : 'Not in your plan'}
                      >
                        <IconLock size={16} aria-hidden color="var(--mantine-color-dimmed)" />
                        {unlockedBy ? (
                          <Text span fz="xs" c="dimmed" aria-hidden>
                            {unlockedBy.name}
                          </Text>
                        ) : null}
                        <VisuallyHidden>{lockedLabel(unlockedBy?.name)}</VisuallyHidden>
                      </Group>
                    ) : undefined
                  }
                  activeOptions={{ exact: item.to === '/', includeSearch: false }}
                  activeProps={{ active: true }}
                  data-locked={locked || undefined}
                />
              );
            })}
          </Stack>
        ))}
    </Stack>
  );
}

function CreditsBadge() {
  const { credits } = useAuth();
  return (
    <Badge
      variant="light"
      size="lg"
      tt="none"
      px={10}
      leftSection={<IconCoins size={14} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      {formatCount(credits)}
      {/* Phones show the number only; screen readers always hear "credits". */}
      <Text span inherit visibleFrom="xs">
        {' '}
        credits
      </Text>
      <VisuallyHidden hiddenFrom="xs"> credits</VisuallyHidden>
    </Badge>
  );
}

function ColorSchemeToggle() {
  const { computed, next, toggle } = useColorSchemeSwitch();
  return (
    <ActionIcon variant="subtle" size="lg" onClick={toggle} aria-label={`Switch to ${next} theme`}>
      {computed === 'dark' ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />}
    </ActionIcon>
  );
}

const HeaderMenus = () => import('./HeaderMenus');
const LazyUserMenu = lazy(() => HeaderMenus().then(({ UserMenu }) => ({ default: UserMenu })));
const LazyInstallButton = lazy(retryWhenOnline(() => HeaderMenus().then(({ InstallButton }) => ({ default: InstallButton }))));

/**
 * The account menu, loaded after the first screen (HeaderMenus.tsx). Until then its button stands
 * in, looking the same: a click on it loads the menu and opens it, and keyboard focus on it moves
 * to the real one. If the menu cannot be loaded, a plain one takes its place (PlainAccountMenu.tsx).
 */
function UserMenuWhenLoaded() {
  const { user } = useAuth();
  const afterFirstScreen = useAfterFirstScreen();
  const [clicked, setClicked] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const loading = afterFirstScreen || clicked;
  // Read while the stand-in is still in the page, in the render that replaces it.
  if (loading && !hadFocus.current && standIn.current !== null) hadFocus.current = document.activeElement === standIn.current;
  const button = <AccountButton name={user?.name} ref={standIn} aria-haspopup="menu" onClick={() => setClicked(true)} />;
  if (!loading) return button;
  const focusAtOnce = hadFocus.current || clicked;
  return (
    <ChunkBoundary name="The account menu" fallback={<PlainAccountMenu openAtOnce={clicked} focusAtOnce={focusAtOnce} />}>
      <Suspense fallback={button}>
        <LazyUserMenu openAtOnce={clicked} focusAtOnce={focusAtOnce} />
      </Suspense>
    </ChunkBoundary>
  );
}

/** The install button, with its tooltip, after the first screen (HeaderMenus.tsx). */
function InstallButtonWhenLoaded() {
  return useAfterFirstScreen() ? (
    <ChunkBoundary name="The install button">
      <Suspense fallback={null}>
        <LazyInstallButton />
      </Suspense>
    </ChunkBoundary>
  ) : null;
}
