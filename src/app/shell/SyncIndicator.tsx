// The sync indicator of the header: "Offline", "N pending", "N failed" or
// "Synced HH:MM". Clicking it opens a panel with "Retry now" and the refused changes, each with
// Retry and Discard. Its accessible name is the whole text ("Offline, 3 pending"); phones show the
// state in two short lines of words ("2 changes / waiting", "Sync failed / Retry") when
// something is not synced, and only the icon when all is, so the header fits a 360 px screen.
import { Badge, Button, Divider, Group, Loader, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconCloudUp, IconRefresh } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db } from '../../store';
import { compareItems, describeChange, discardChange, mutationRegistry, retryChange, type OutboxItem, type SyncStatus } from '../../sync';
import { currentSyncRuntime, retrySyncNow } from '../sync-runtime';
import { useSyncStatus } from '../useSyncStatus';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** "HH:MM" in the device's time zone. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export interface SyncLabel {
  /** What the header shows, in order (each part is its own text node). */
  parts: string[];
  /** What phones show next to the icon, in at most two short lines: nothing when all is synced. */
  compact: string[];
  tone: 'offline' | 'failed' | 'pending' | 'synced' | 'idle';
}

/** The indicator's text for a status (pure, for tests). */
export function syncLabel(status: SyncStatus): SyncLabel {
  const pending = status.pendingCount > 0 ? `${status.pendingCount} pending` : null;
  const failed = status.failedCount > 0 ? `${status.failedCount} failed` : null;
  const unsynced = Math.max(0, status.pendingCount) + Math.max(0, status.failedCount);
  if (!status.online) {
    const compact = unsynced > 0 ? ['Offline', `${unsynced > 99 ? '99+' : unsynced} waiting`] : ['Offline'];
    return { parts: ['Offline', ...(pending ? [pending] : []), ...(failed ? [failed] : [])], compact, tone: 'offline' };
  }
  if (failed) return { parts: [failed, ...(pending ? [pending] : [])], compact: ['Sync failed', 'Retry'], tone: 'failed' };
  if (pending) {
    // Capped so the two lines keep within a 360 px header.
    const changes = status.pendingCount === 1 ? '1 change' : status.pendingCount > 99 ? '99+ changes' : `${status.pendingCount} changes`;
    return { parts: [pending], compact: [changes, 'waiting'], tone: 'pending' };
  }
  if (status.lastSyncedAt) return { parts: [`Synced ${clockTime(status.lastSyncedAt)}`], compact: [], tone: 'synced' };
  return { parts: ['Not synced yet'], compact: [], tone: 'idle' };
}

const TONE_COLOR: Record<SyncLabel['tone'], string> = {
  offline: 'gray',
  failed: 'red',
  pending: 'yellow',
  synced: 'teal',
  idle: 'gray',
};

function ToneIcon({ tone }: { tone: SyncLabel['tone'] }) {
  if (tone === 'offline') return <IconCloudOff size={16} aria-hidden />;
  if (tone === 'failed') return <IconAlertTriangle size={16} aria-hidden />;
  if (tone === 'pending') return <IconCloudUp size={16} aria-hidden />;
  return <IconCloudCheck size={16} aria-hidden />;
}

export function SyncIndicator() {
  const status = useSyncStatus();
  const [opened, setOpened] = useState(false);
  const label = syncLabel(status);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-label={label.parts.join(', ')}
          aria-expanded={opened}
          aria-haspopup="dialog"
          data-sync-tone={label.tone}
          // A 44 px touch target around the badge.
          mih={44}
          miw={44}
          display="flex"
          style={{ alignItems: 'center', justifyContent: 'center', flexShrink: 0 }}
        >
          <Badge
            component="span"
            variant="light"
            color={TONE_COLOR[label.tone]}
            size="lg"
            tt="none"
            px={8}
            // Phones: as tall as the two lines of words (the header is 60 px high).
            h={{ base: 'auto', xs: 'var(--badge-height)' }}
            mih="var(--badge-height)"
            py={{ base: 3, xs: 0 }}
            leftSection={status.draining ? <Loader size={12} color={TONE_COLOR[label.tone]} aria-hidden /> : <ToneIcon tone={label.tone} />}
            style={{ cursor: 'pointer', flexShrink: 0 }}
          >
            {/* Phones: the icon, and the state in words when something is not synced (two
                short lines, so the header keeps its room); the whole text stays the accessible name. */}
            <Text span inherit visibleFrom="xs">
              {label.parts.map((part, index) => (
                <span key={part}>
                  {index > 0 ? <span aria-hidden> · </span> : null}
                  <span>{part}</span>
                </span>
              ))}
            </Text>
            {label.compact.length > 0 ? (
              <Text span inherit hiddenFrom="xs" aria-hidden fz={11} lh={1.15} ta="left" data-sync-words>
                {label.compact.map((line) => (
                  <span key={line} style={{ display: 'block', whiteSpace: 'nowrap' }}>
                    {line}
                  </span>
                ))}
              </Text>
            ) : null}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown aria-label="Sync status">
        <SyncPanel status={status} onDone={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}

function summary(status: SyncStatus): string {
  const waiting = status.pendingCount;
  if (!status.online) {
    return waiting > 0
      ? `You are offline. ${waiting === 1 ? '1 change is' : `${waiting} changes are`} kept on this device and will be sent when the connection is back.`
      : 'You are offline. What you do is kept on this device and sent when the connection is back.';
  }
  if (status.authRequired) return 'Sign in again to send your changes.';
  if (waiting > 0) return `${waiting === 1 ? '1 change is' : `${waiting} changes are`} waiting to be sent.`;
  if (status.lastSyncedAt) return `Everything is up to date. Last synced at ${clockTime(status.lastSyncedAt)}.`;
  return 'Not synced yet.';
}

function SyncPanel({ status, onDone }: { status: SyncStatus; onDone: () => void }) {
  const [retrying, setRetrying] = useState(false);
  // Only Dexie calls inside the live query (so it re-runs when the outbox changes, also when the
  // service worker changed it); the signed-in user's, user-visible kinds, in send order.
  const userId = currentSyncRuntime()?.userId ?? null;
  const failed = useLiveQuery(
    () =>
      db.outbox
        .where('status')
        .equals('failed')
        .toArray()
        .then((items) =>
          items
            .filter((item) => !mutationRegistry.get(item.kind)?.silent && (item.ownerId === undefined || item.ownerId === null || item.ownerId === userId))
            .sort(compareItems),
        ),
    [userId],
    [] as OutboxItem[],
  );

  const retryAll = async () => {
    setRetrying(true);
    try {
      await retrySyncNow();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text fz="sm">{summary(status)}</Text>
      <Group justify="space-between" gap="xs">
        <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} loading={retrying || status.draining} onClick={() => void retryAll()}>
          Retry now
        </Button>
        <Button size="xs" variant="subtle" color="gray" onClick={onDone}>
          Close
        </Button>
      </Group>
      {failed.length > 0 ? (
        <>
          <Divider label={`${failed.length} failed`} labelPosition="left" />
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Changes the server refused">
            {failed.map((item) => (
              <FailedChange key={item.id} item={item} />
            ))}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}

function FailedChange({ item }: { item: OutboxItem }) {
  const [busy, setBusy] = useState<'retry' | 'discard' | null>(null);
  const description = describeChange(item);
  const run = async (what: 'retry' | 'discard') => {
    setBusy(what);
    try {
      if (what === 'retry') await retryChange(item.id);
      else await discardChange(item.id);
    } finally {
      setBusy(null);
    }
  };
  return (
    <li>
      <Text fz="sm" fw={600}>
        {description}
      </Text>
      <Text fz="xs" c="red">
        {item.lastError ?? 'The server refused this change.'}
      </Text>
      <Group gap="xs" mt={4}>
        <Button size="compact-xs" variant="light" loading={busy === 'retry'} onClick={() => void run('retry')} aria-label={`Retry: ${description}`}>
          Retry
        </Button>
        <Button size="compact-xs" variant="light" color="red" loading={busy === 'discard'} onClick={() => void run('discard')} aria-label={`Discard: ${description}`}>
          Discard
        </Button>
      </Group>
    </li>
  );
}
