// One script of the list: an <article> named by its title, with the first lines of the body, its
// facts, its sync badge ("Pending" / "Failed" with the server's reason, Retry and Discard) and its
// actions. "Read" opens the full script in place.
import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconClock, IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api';
import type { LocalScript } from '../../store';
import { RefusedChangeAlert } from '../../ui/RefusedChangeAlert';
import { ConfirmActions } from '../../ui/ConfirmActions';
import { countWords } from './data';
import { clipboardText, formatDuration, formatUpdated, languageLabel, sourceLabel } from './format';
import { plural } from '../../ui/format-count';

export interface ScriptCardProps {
  script: LocalScript;
  expanded: boolean;
  /** Scroll to this card once (just generated or written). */
  spotlight: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

async function copyToClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Copying is not available in this browser.');
  await navigator.clipboard.writeText(text);
}

export function ScriptCard({ script, expanded, spotlight, onToggle, onEdit, onDelete }: ScriptCardProps) {
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLElement>(null);
  const words = Number.isFinite(script.word_count) ? script.word_count : countWords(script.body);

  useEffect(() => {
    if (spotlight) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [spotlight]);

  const copy = async () => {
    try {
      await copyToClipboard(clipboardText(script));
      notifications.show({ title: 'Copied', message: `“${script.title}” is on the clipboard.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not copied', message: errorMessage(error, 'The script could not be copied.') });
    }
  };

  return (
    <Card
      ref={ref}
      component="article"
      role="article"
      aria-labelledby={titleId}
      withBorder
      padding="md"
      style={spotlight ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {script.title}
          </Title>
          <SyncBadge script={script} />
        </Group>

        <Group gap="xs" c="dimmed" fz="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Details">
          <Text component="li" fz="sm">
            {languageLabel(script.language)}
          </Text>
          <Text component="li" fz="sm" aria-hidden>
            ·
          </Text>
          <Text component="li" fz="sm">
            {formatDuration(script.video_duration)}
          </Text>
          <Text component="li" fz="sm" aria-hidden>
            ·
          </Text>
          <Text component="li" fz="sm">
            {plural(words, 'word', 'words')}
          </Text>
          <Text component="li" fz="sm" aria-hidden>
            ·
          </Text>
          <Text component="li" fz="sm">
            Updated <time dateTime={script.updated_at}>{formatUpdated(script.updated_at)}</time>
          </Text>
        </Group>

        {expanded ? (
          <Stack gap="xs" id={bodyId}>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{script.body.trim() ? script.body : 'This script has no text yet.'}</Text>
            {script.prompt ? (
              <Text fz="sm" c="dimmed">
                Prompt: {script.prompt}
              </Text>
            ) : null}
            <Text fz="sm" c="dimmed">
              {sourceLabel(script.source)}
            </Text>
          </Stack>
        ) : (
          <Text lineClamp={3} c={script.body.trim() ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {script.body.trim() ? script.body : 'This script has no text yet.'}
          </Text>
        )}

        {script.syncStatus === 'failed' ? <RefusedChangeAlert outboxId={script.failedOutboxId} reason={script.syncError} /> : null}

        <Group gap="xs" mt={4}>
          <Button
            size="xs"
            variant="light"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={expanded ? bodyId : undefined}
            leftSection={expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
          >
            {expanded ? 'Show less' : 'Read'}
          </Button>
          <Button size="xs" variant="default" onClick={onEdit} leftSection={<IconPencil size={14} aria-hidden />}>
            Edit
          </Button>
          <Button size="xs" variant="default" onClick={() => void copy()} leftSection={<IconCopy size={14} aria-hidden />}>
            Copy
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={onDelete} leftSection={<IconTrash size={14} aria-hidden />}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function SyncBadge({ script }: { script: LocalScript }) {
  if (script.syncStatus === 'pending') {
    return (
      <Badge color="yellow" variant="light" leftSection={<IconClock size={12} aria-hidden />} title="Saved on this device, waiting to reach the server" style={{ flexShrink: 0 }}>
        Pending
      </Badge>
    );
  }
  if (script.syncStatus === 'failed') {
    return (
      <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />} title="The server refused a change" style={{ flexShrink: 0 }}>
        Failed
      </Badge>
    );
  }
  return null;
}

/** "Delete script?" — the delete is local at once and reaches the server through the outbox. */
export function DeleteScriptModal({ script, onCancel, onConfirm }: { script: LocalScript | null; onCancel: () => void; onConfirm: (script: LocalScript) => Promise<void> }) {
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Keep the title while the dialog fades out after the delete.
  const [last, setLast] = useState<LocalScript | null>(script);
  if (script && script !== last) setLast(script);
  const confirm = async () => {
    if (!script) return;
    setDeleting(true);
    setFailure(null);
    try {
      await onConfirm(script);
    } catch (error) {
      setFailure(errorMessage(error, 'The script could not be deleted on this device.'));
    } finally {
      setDeleting(false);
    }
  };
  const close = () => {
    setFailure(null);
    onCancel();
  };
  return (
    <Modal opened={script !== null} onClose={close} title="Delete script?">
      <Stack gap="md">
        <Text>
          “{(script ?? last)?.title}” will be removed from this device now, and from your account when it syncs.
        </Text>
        <ConfirmActions failure={failure} busy={deleting} confirmLabel="Delete script" onCancel={close} onConfirm={() => void confirm()} />
      </Stack>
    </Modal>
  );
}
