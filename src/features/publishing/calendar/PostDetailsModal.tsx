// A post opened from the calendar: when, what, where it goes and how each account's copy stands
// (status, attempts, the platform's reason and code), a link to edit it on Publish, and "Move to"
// — the keyboard's (and anyone's) way to do what dragging does.
import { Anchor, Badge, Button, Divider, Group, Image, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { PLATFORM_LABELS, type PostTarget, type TargetStatus } from '../../../../contract/publishing';
import { publishedUrl } from '../data/post-sync';
import type { LocalPost } from '../../../store';
import { ButtonLink } from '../../../ui/links';
import { RefusedChangeAlert } from '../../../ui/RefusedChangeAlert';
import { canReschedule, postStart, postTitle } from './calendar-events';
import { decideMove, fromLocalInputValue, toLocalInputValue } from './reschedule';
import { PendingBadge, PLATFORM_ICONS, StatusBadge } from './status-look';

const TARGET_STATUS_LABELS: Record<TargetStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  blocked: 'Waiting for the account to be reconnected',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
};

/** The Publish screen opens the post named by this search parameter for editing. */
export const PUBLISH_POST_PARAM = 'post';

export function formatWhen(iso: string | null): string {
  if (!iso) return 'No time set';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'No time set' : date.toLocaleString('en', { dateStyle: 'full', timeStyle: 'short' });
}

export interface PostDetailsModalProps {
  post: LocalPost | null;
  onClose: () => void;
  /** Give the post a new time; resolves true when it was queued (the caller says so). */
  onMove: (post: LocalPost, at: Date) => Promise<boolean>;
  now?: () => Date;
  /** Shown first: the post's warning when an account needs reconnecting. */
  warning?: ReactNode;
}

export function PostDetailsModal({ post, onClose, onMove, now = () => new Date(), warning = null }: PostDetailsModalProps) {
  return (
    <Modal opened={post !== null} onClose={onClose} title={post ? postTitle(post) : 'Post'} size="lg">
      {post ? warning : null}
      {post ? <PostDetails post={post} onMove={onMove} now={now} /> : null}
    </Modal>
  );
}

function PostDetails({ post, onMove, now }: { post: LocalPost; onMove: PostDetailsModalProps['onMove']; now: () => Date }) {
  const targetsId = useId();
  const start = postStart(post);
  return (
    <Stack gap="md">
      <Group gap="xs">
        <StatusBadge status={post.status} />
        {post.syncStatus === 'pending' ? <PendingBadge /> : null}
      </Group>
      {post.syncStatus === 'failed' ? <RefusedChangeAlert outboxId={post.failedOutboxId} reason={post.syncError} /> : null}
      <Stack gap={2}>
        <Text fw={600}>{post.scheduled_at ? 'Scheduled for' : post.published_at ? 'Published' : 'Sent'}</Text>
        <Text>{formatWhen(start)}</Text>
        {post.timezone && post.timezone !== Intl.DateTimeFormat().resolvedOptions().timeZone ? (
          <Text fz="sm" c="dimmed">
            Chosen in the time zone {post.timezone}; shown here in this device&apos;s time.
          </Text>
        ) : null}
      </Stack>
      {post.video ? (
        <Group gap="sm" wrap="nowrap" align="center">
          {post.video.thumbnail_url ? <Image src={post.video.thumbnail_url} alt="" w={64} h={64} fit="cover" radius="sm" /> : null}
          <Stack gap={0}>
            <Text fw={600}>Video</Text>
            <Text>{post.video.title}</Text>
            {post.series ? <Text fz="sm" c="dimmed">Episode of the series “{post.series.series_name}”</Text> : null}
          </Stack>
        </Group>
      ) : null}
      {post.caption.trim() ? (
        <Stack gap={2}>
          <Text fw={600}>Caption</Text>
          <Text style={{ whiteSpace: 'pre-wrap' }} lineClamp={6}>
            {post.caption}
          </Text>
        </Stack>
      ) : null}
      <Divider />
      <Stack gap="xs" component="section" aria-labelledby={targetsId}>
        <Title order={3} fz="md" id={targetsId}>
          Accounts
        </Title>
        {post.targets.length === 0 ? (
          <Text c="dimmed">No account chosen yet.</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {post.targets.map((target) => (
              <TargetRow key={target.id} target={target} />
            ))}
          </Stack>
        )}
      </Stack>
      {canReschedule(post) ? <MoveForm key={post.id} post={post} onMove={onMove} now={now} /> : null}
      <Group justify="flex-end">
        <ButtonLink to="/publish" search={{ [PUBLISH_POST_PARAM]: post.id }} variant="light" leftSection={<IconPencil size={16} aria-hidden />}>
          Edit on Publish
        </ButtonLink>
      </Group>
    </Stack>
  );
}

function TargetRow({ target }: { target: PostTarget }) {
  const PlatformIcon = PLATFORM_ICONS[target.platform];
  const link = publishedUrl(target);
  return (
    <Stack gap={2} component="li" aria-label={`${PLATFORM_LABELS[target.platform]}: ${target.account_name}`}>
      <Group gap="xs" wrap="wrap">
        <PlatformIcon size={18} aria-hidden />
        <Text fw={600}>{PLATFORM_LABELS[target.platform]}</Text>
        <Text>{target.account_name}</Text>
        {target.sandbox ? (
          <Badge color="yellow" variant="light">
            Sandbox
          </Badge>
        ) : null}
      </Group>
      <Text fz="sm">
        {TARGET_STATUS_LABELS[target.status]}
        {target.attempts > 0 ? ` · ${target.attempts === 1 ? '1 attempt' : `${target.attempts} attempts`}` : ''}
        {target.next_attempt_at && (target.status === 'scheduled' || target.status === 'publishing') ? ` · next try ${formatWhen(target.next_attempt_at)}` : ''}
      </Text>
      {target.error ? (
        <Text fz="sm" c="red">
          {target.error}
          {target.error_code ? ` (code: ${target.error_code})` : ''}
        </Text>
      ) : null}
      {link ? (
        <Anchor href={link} target="_blank" rel="noopener noreferrer" fz="sm">
          <Group gap={4} component="span" wrap="nowrap">
            View on {PLATFORM_LABELS[target.platform]}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** The new time, typed or picked; refused in the past like a drop. */
function MoveForm({ post, onMove, now }: { post: LocalPost; onMove: PostDetailsModalProps['onMove']; now: () => Date }) {
  const initial = post.scheduled_at && new Date(post.scheduled_at).getTime() > now().getTime() ? new Date(post.scheduled_at) : new Date(now().getTime() + 60 * 60 * 1000);
  const [value, setValue] = useState(() => toLocalInputValue(initial));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setError(null), [value]);
  const submit = async () => {
    const at = fromLocalInputValue(value);
    const decision = decideMove(post, at, now());
    if (!decision.ok || !at) {
      setError(decision.ok ? 'Choose a date and time.' : decision.reason);
      return;
    }
    setBusy(true);
    try {
      await onMove(post, at);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="datetime-local"
          label="Move to"
          description="A new date and time, in this device's time zone"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          required
          miw={220}
        />
        <Button type="submit" loading={busy}>
          Move
        </Button>
      </Group>
    </form>
  );
}
