// The signed-in shell (DESIGN §2 "layout shell"): header with brand, credits and user menu; a
// navigation sidebar that becomes a drawer behind a burger on phones; the guarded page.
import {
  ActionIcon,
  AppShell,
  Avatar,
  Box,
  Badge,
  Burger,
  Button,
  Group,
  Menu,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconChevronDown,
  IconDownload,
  IconCoins,
  IconLock,
  IconLogout,
  IconMoon,
  IconMovie,
  IconSun,
  IconUserCircle,
  IconUserEdit,
} from '@tabler/icons-react';
import { Link, Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import type { RoutePermission } from '../../../contract';
import { unlockingPlan, useAuth, usePermissions } from '../../session';
import { usePlanCatalogue } from '../../session/plan-catalogue';
import { useAfterFirstScreen } from '../../ui/AfterFirstScreen';
import { MAIN_CONTENT_ID } from '../../ui/Landmarks';
import { AccessGate } from '../AccessGate';
import { promptInstall, useInstallPrompt } from '../install-prompt';
import { currentSignOutWarning, SIGN_OUT_ANYWAY, signOutNow } from '../sign-out';
import { lockedLabel, NAV_SECTIONS } from './nav';
import { NavItemLink } from './NavItemLink';
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
  // On a phone the drawer is closed at first: its links (icons, tooltips) render after the first
  // screen, or when it opens, not in the first screen's render (docs/decisions/performance.md).
  const afterFirstScreen = useAfterFirstScreen();
  const navigationShown = phone !== true || opened || afterFirstScreen;

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
            <InstallButton />
            <CreditsBadge />
            {/* Phones: the theme switch lives in the account menu; the header has no room. */}
            <Box visibleFrom="xs">
              <ColorSchemeToggle />
            </Box>
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar aria-label="Main navigation" inert={phone === true && !opened}>
        <AppShell.Section grow component={ScrollArea} type="auto" p="sm">
          {navigationShown ? <Navigation onNavigate={close} /> : null}
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
                      <Tooltip label={unlockedBy ? `Included in the ${unlockedBy.name} plan` : 'Not in your plan'} withArrow>
                        <Group component="span" gap={4} wrap="nowrap">
                          <IconLock size={16} aria-hidden color="var(--mantine-color-dimmed)" />
                          {unlockedBy ? (
                            <Text span fz="xs" c="dimmed" aria-hidden>
                              {unlockedBy.name}
                            </Text>
                          ) : null}
                          <VisuallyHidden>{lockedLabel(unlockedBy?.name)}</VisuallyHidden>
                        </Group>
                      </Tooltip>
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

function useColorSchemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  return { computed, next, label: `Switch to ${next} theme`, toggle: () => setColorScheme(next) };
}

function ColorSchemeToggle() {
  const { computed, next, toggle } = useColorSchemeSwitch();
  return (
    <ActionIcon variant="subtle" size="lg" onClick={toggle} aria-label={`Switch to ${next} theme`}>
      {computed === 'dark' ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />}
    </ActionIcon>
  );
}

function InstallButton() {
  const { available } = useInstallPrompt();
  if (!available) return null;
  return (
    <Tooltip label="Install Reelflow on this device" withArrow>
      <Button
        variant="light"
        size="compact-sm"
        px={8}
        aria-label="Install app"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void promptInstall()}
        style={{ flexShrink: 0 }}
      >
        <Text span inherit visibleFrom="sm">
          Install app
        </Text>
      </Button>
    </Tooltip>
  );
}

function UserMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const scheme = useColorSchemeSwitch();

  const signOutAndLeave = async () => {
    try {
      await signOutNow(logout);
    } finally {
      await navigate({ to: '/login', replace: true });
    }
  };

  // Sign-out wipes this device (spec §4): changes not yet on the server would be lost, so ask.
  const signOut = async () => {
    const warning = await currentSignOutWarning();
    if (warning === null) {
      await signOutAndLeave();
      return;
    }
    modals.openConfirmModal({
      title: 'Sign out and lose unsent changes?',
      children: <Text fz="sm">{warning}</Text>,
      labels: { confirm: SIGN_OUT_ANYWAY, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void signOutAndLeave(),
    });
  };

  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
        >
          {/* Named by its content, "Account menu, <name>" (no aria-label): the visible name must
              be part of the accessible name (WCAG 2.5.3 "label in name"). */}
          <VisuallyHidden>Account menu{user?.name ? ', ' : ''}</VisuallyHidden>
          <Group gap={8} wrap="nowrap">
            <Avatar name={user?.name} color="initials" size={28} aria-hidden />
            <Text fz="sm" fw={600} maw={140} truncate visibleFrom="sm">
              {user?.name ?? 'Account'}
            </Text>
            <Box component="span" visibleFrom="sm" lh={0}>
              <IconChevronDown size={14} aria-hidden />
            </Box>
          </Group>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A long address wraps instead of running out of the 220 px menu on a phone. */}
        <Menu.Label style={{ overflowWrap: 'anywhere' }}>
          {user?.name}
          <br />
          {user?.email}
        </Menu.Label>
        <Menu.Item component={Link} to="/users/user-profile" leftSection={<IconUserCircle size={16} aria-hidden />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/users/user-edit" leftSection={<IconUserEdit size={16} aria-hidden />}>
          Edit profile
        </Menu.Item>
        <Menu.Item
          hiddenFrom="xs"
          closeMenuOnClick={false}
          leftSection={scheme.computed === 'dark' ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
          onClick={scheme.toggle}
        >
          {scheme.label}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          // Mantine paints a coloured item in shade 6 (red on white 3.3:1); the theme's red text is ≥ 4.5:1.
          c="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => {
            void signOut();
          }}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
