// "Keyboard shortcuts": the editor's keys in a small popover.
import { ActionIcon, Popover, Table, Text } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { SHORTCUT_HELP } from './shortcuts';

export function ShortcutsHelp() {
  return (
    <Popover position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" size={44} aria-label="Keyboard shortcuts">
          <IconKeyboard size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} fz="sm" mb={4}>
          Keyboard shortcuts
        </Text>
        <Table withRowBorders={false} fz="sm">
          <Table.Tbody>
            {SHORTCUT_HELP.map((row) => (
              <Table.Tr key={row.keys}>
                <Table.Td>
                  <kbd>{row.keys}</kbd>
                </Table.Td>
                <Table.Td>{row.does}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fz="xs" c="dimmed" mt={4}>
          Not while typing in a field.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
