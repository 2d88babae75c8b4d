// One step of the vertical stepper: a heading button (number, name, what was chosen) that opens
// the step; only the open step shows its fields, so a phone scrolls through one thing at a time.
import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { forwardRef, type ReactNode } from 'react';

interface FlowSectionProps {
  index: number;
  title: string;
  summary: string;
  open: boolean;
  done: boolean;
  hasError: boolean;
  onOpen: () => void;
  children: ReactNode;
}

export const FlowSection = forwardRef<HTMLButtonElement, FlowSectionProps>(function FlowSection(
  { index, title, summary, open, done, hasError, onOpen, children },
  ref,
) {
  const panelId = `create-step-${index}`;
  return (
    <Paper withBorder radius="md" p={0} component="section" aria-label={title}>
      <Title order={2} fz="md" m={0}>
        <UnstyledButton
          ref={ref}
          w="100%"
          mih={56}
          px="md"
          py="xs"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onOpen}
          style={{ display: 'block' }}
        >
          <Group wrap="nowrap" gap="sm">
            <Badge
              circle
              size="lg"
              variant={open ? 'filled' : 'light'}
              color={hasError ? 'red' : done && !open ? 'teal' : undefined}
              aria-hidden
            >
              {hasError ? <IconAlertCircle size={14} /> : done && !open ? <IconCheck size={14} /> : index + 1}
            </Badge>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} component="span">
                {title}
              </Text>
              {open ? null : (
                <Text fz="sm" c={hasError ? 'red' : 'dimmed'} component="span" truncate="end">
                  {hasError ? 'Needs your attention' : summary}
                </Text>
              )}
            </Stack>
          </Group>
        </UnstyledButton>
      </Title>
      <div id={panelId} hidden={!open} style={{ padding: 'var(--mantine-spacing-md)', paddingTop: 0 }}>
        {open ? children : null}
      </div>
    </Paper>
  );
});
