// The account menu's button: the header shows it from the first screen, and the menu itself (Mantine's
// Menu with its popover and focus trap, ~30 KB gzip) wraps it once loaded (HeaderMenus.tsx).
import { Avatar, Box, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, Ref } from 'react';

type AccountButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'> & {
  name: string | undefined;
  ref?: Ref<HTMLButtonElement>;
};

export function AccountButton({ name, ref, ...props }: AccountButtonProps) {
  return (
    <Button ref={ref} variant="subtle" color="gray" px="xs" {...props}>
      {/* Named by its content, "Account menu, <name>" (no aria-label): the visible name must
          be part of the accessible name (WCAG 2.5.3 "label in name"). */}
      <VisuallyHidden>Account menu{name ? ', ' : ''}</VisuallyHidden>
      <Group gap={8} wrap="nowrap">
        <Avatar name={name} color="initials" size={28} aria-hidden />
        <Text fz="sm" fw={600} maw={140} truncate visibleFrom="sm">
          {name ?? 'Account'}
        </Text>
        <Box component="span" visibleFrom="sm" lh={0}>
          <IconChevronDown size={14} aria-hidden />
        </Box>
      </Group>
    </Button>
  );
}
