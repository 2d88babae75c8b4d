// The settings' "Topics never to make again": the series' list with a remove button each, and an
// input to add one (trimmed, 3–200 characters, not already listed whatever its case). Each change
// is saved at once through the outbox, worked out from the stored list (never from a list this
// screen has not loaded): nothing can be changed until the series is read.
import { ActionIcon, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api';
import type { Series } from '../../../contract/series';
import { neverAgainError } from './data/never-again';
import { addNeverAgain, removeNeverAgain } from './data/series-mutations';

export function NeverAgainSection({ series }: { series: Pick<Series, 'id' | 'never_again'> | undefined }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = series?.never_again ?? [];
  const disabled = series === undefined || busy;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!series || busy) return;
    const found = neverAgainError(series.never_again, draft);
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      await addNeverAgain(series.id, draft);
      setDraft('');
    } catch (cause) {
      setError(errorMessage(cause, 'The topic could not be saved on this device.'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (topic: string) => {
    if (!series) return;
    try {
      await removeNeverAgain(series.id, topic);
      notifications.show({ title: 'Topic removed', message: `“${topic}” may be made again.` });
    } catch (cause) {
      notifications.show({ color: 'red', title: 'Not removed', message: errorMessage(cause, 'The change could not be saved on this device.') });
    }
  };

  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        The series never makes an episode about these topics, nor one too close to them. Saved as soon as you add or remove one.
      </Text>
      {list.length === 0 ? (
        <Text fz="sm">{series ? 'No topics yet. Add one here, or use “Never again” on an episode.' : 'Loading…'}</Text>
      ) : (
        <List spacing={4} listStyleType="none" aria-label="Topics never to make again">
          {list.map((topic) => (
            <List.Item key={topic}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {topic}
                </Text>
                <ActionIcon variant="subtle" color="red" onClick={() => void remove(topic)} disabled={disabled} aria-label={`Remove “${topic}”`}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <form onSubmit={(event) => void add(event)} noValidate>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label="Add a topic"
            style={{ flex: 1 }}
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            disabled={series === undefined}
          />
          <Button type="submit" mt={25} leftSection={<IconPlus size={16} aria-hidden />} loading={busy} disabled={series === undefined}>
            Add
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
