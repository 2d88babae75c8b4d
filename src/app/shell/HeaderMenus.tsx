// The header's menus, loaded after the first screen (AppLayout.tsx): the account menu and the
// install button's tooltip need Mantine's popover and focus trap (~30 KB gzip), which no signed-in
// screen needs to show (Lighthouse LCP on `/`, docs/decisions/performance.md).
import { Button, Menu, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconInfoCircle, IconLogout, IconMoon, IconSun, IconUserCircle, IconUserEdit } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useAuth } from '../../session';
import { promptInstall, useInstallPrompt } from '../install-prompt';
import { AccountButton } from './AccountButton';
import { useColorSchemeSwitch } from './color-scheme';
import { useSignOut } from './use-sign-out';

export function InstallButton() {
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

export function UserMenu({ openAtOnce, focusAtOnce }: { openAtOnce: boolean; focusAtOnce: boolean }) {
  const { user } = useAuth();
  const scheme = useColorSchemeSwitch();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // It replaces the stand-in button (AppLayout.tsx): keyboard focus that was on it stays here.
  useEffect(() => {
    if (focusAtOnce) triggerRef.current?.focus();
  }, [focusAtOnce]);

  const signOut = useSignOut();
  const install = useInstallPrompt();

  return (
    // A click on the stand-in before the menu arrived opens it as soon as it is here.
    <Menu position="bottom-end" width={220} withinPortal defaultOpened={openAtOnce}>
      <Menu.Target>
        <AccountButton name={user?.name} ref={triggerRef} />
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
        <Menu.Item component={Link} to="/about" leftSection={<IconInfoCircle size={16} aria-hidden />}>
          About and licences
        </Menu.Item>
        {install.available ? (
          // Phones: the header leaves the install button out (its room goes to the sync state).
          <Menu.Item hiddenFrom="xs" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void promptInstall()}>
            Install app
          </Menu.Item>
        ) : null}
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
