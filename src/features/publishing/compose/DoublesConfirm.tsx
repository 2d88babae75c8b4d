// The doubles' confirm step: the same video already on an account, or
// two posts on one account too close together. A question, never a refusal: the creator may go on.
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { PostWarning } from '../../../../contract/preflight';

export interface DoublesConfirmProps {
  warnings: PostWarning[];
  onConfirm: () => void;
  onCancel: () => void;
}

/** "This video is already scheduled on My channel for Tue 10:00 — post again anyway?" */
export function doublesQuestion(warnings: readonly PostWarning[]): string {
  const question = warnings.some((warning) => warning.kind === 'same_video') ? 'post again anyway?' : 'post anyway?';
  if (warnings.length === 1) return `${warnings[0]!.message.replace(/\.$/, '')} — ${question}`;
  return `${question.charAt(0).toUpperCase()}${question.slice(1)}`;
}

export function DoublesConfirm({ warnings, onConfirm, onCancel }: DoublesConfirmProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The question appears where the buttons were: move the focus to it so it is read and answered.
  useEffect(() => ref.current?.focus(), []);
  // Mantine names the alert by its title (aria-labelledby), which an alertdialog needs.
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="orange"
      variant="light"
      role="alertdialog"
      title={warnings.length === 1 ? doublesQuestion(warnings) : 'This post may be a double'}
      icon={<IconCopy size={16} aria-hidden />}
      p="sm"
    >
      {warnings.length > 1 ? (
        <>
          <List fz="sm" spacing={2}>
            {warnings.map((warning) => (
              <List.Item key={`${warning.kind}:${warning.post_id}:${warning.account_id}`}>{warning.message}</List.Item>
            ))}
          </List>
          <Text fz="sm" mt={4}>
            {doublesQuestion(warnings)}
          </Text>
        </>
      ) : null}
      <Group gap="sm" mt="xs">
        <Button size="compact-sm" color="orange" onClick={onConfirm}>
          Post anyway
        </Button>
        <Button size="compact-sm" variant="default" onClick={onCancel}>
          Go back
        </Button>
      </Group>
    </Alert>
  );
}
