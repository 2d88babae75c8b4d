// The account menu without Mantine's Menu: shown when HeaderMenus' chunk cannot be loaded (offline
// before the service worker has precached it). A disclosure (a button and the list it shows), built
// from what the shell already has, so the creator can still reach the profile and sign out.
import { Box, NavLink, Paper, Text } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconInfoCircle, IconLogout, IconMoon, IconSun, IconUserCircle, IconUserEdit } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useAuth } from '../../session';
import { AccountButton } from './AccountButton';
import { useColorSchemeSwitch } from './color-scheme';
import { useSignOut } from './use-sign-out';

export function PlainAccountMenu({ openAtOnce, focusAtOnce }: { openAtOnce: boolean; focusAtOnce: boolean }) {
  const { user } = useAuth();
  const scheme = useColorSchemeSwitch();
  const signOut = useSignOut();
  const [opened, setOpened] = useState(openAtOnce);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const container = useClickOutside<HTMLDivElement>(() => setOpened(false));
  // It replaces the stand-in button (AppLayout.tsx): keyboard focus that was on it stays here.
  useEffect(() => {
    if (focusAtOnce) button.current?.focus();
  }, [focusAtOnce]);
  const close = () => setOpened(false);

  return (
    <Box
      ref={container}
      pos="relative"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !opened) return;
        setOpened(false);
        button.current?.focus();
      }}
    >
      <AccountButton name={user?.name} ref={button} aria-expanded={opened} aria-controls={opened ? listId : undefined} onClick={() => setOpened((open) => !open)} />
      {opened ? (
        <Paper id={listId} shadow="md" withBorder p={4} w={220} pos="absolute" right={0} top="100%" style={{ zIndex: 300 }}>
          {/* A long address wraps instead of running out of the 220 px list on a phone. */}
          <Text fz="xs" c="dimmed" px="sm" py={6} style={{ overflowWrap: 'anywhere' }}>
            {user?.name}
            <br />
            {user?.email}
          </Text>
          <NavLink component={Link} to="/users/user-profile" label="Profile" leftSection={<IconUserCircle size={16} aria-hidden />} onClick={close} />
          <NavLink component={Link} to="/users/user-edit" label="Edit profile" leftSection={<IconUserEdit size={16} aria-hidden />} onClick={close} />
          <NavLink component={Link} to="/about" label="About and licences" leftSection={<IconInfoCircle size={16} aria-hidden />} onClick={close} />
          <NavLink
            component="button"
            hiddenFrom="xs"
            label={scheme.label}
            leftSection={scheme.computed === 'dark' ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
            onClick={scheme.toggle}
          />
          <NavLink
            component="button"
            label="Sign out"
            c="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => {
              close();
              void signOut();
            }}
          />
        </Paper>
      ) : null}
    </Box>
  );
}
