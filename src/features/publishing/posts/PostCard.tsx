// One post of the list: an <article> named by its title, with the video's thumbnail, the caption,
// its time in the creator's zone, its status and sync badges, one line per target (platform,
// account, status, the reason of a failure in plain words, the link once published) and its
// actions: edit (drafts), reschedule (scheduled or failed), delete.
import { Anchor, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconEdit, IconExternalLink, IconTrash, IconVideo } from '@tabler/icons-react';
import { useId } from 'react';
import { postTitle, publishedUrl } from '../data/post-sync';
import type { PostAlert } from '../data/publish-alerts';
import type { LocalPost } from '../../../store';
import { PostAlertNote } from '../alerts/PublishAlerts';
import { RefusedChangeAlert } from '../../../ui/RefusedChangeAlert';
import { platformLabel, POST_STATUS_COLORS, POST_STATUS_LABELS, TARGET_STATUS_COLORS, TARGET_STATUS_LABELS } from '../format';
import { PendingBadge } from '../PendingBadge';
import { formatInZone } from '../time-zone';

export interface PostCardProps {
  post: LocalPost;
  timeZone: string;
  /** Due within 24 h on an account that needs reconnecting: the warning with Reconnect. */
  alert?: PostAlert | null;
  onEdit: () => void;
  onReschedule: () => void;
  onDelete: () => void;
}

function whenLine(post: LocalPost, timeZone: string): string {
  if (post.status === 'published' || post.status === 'partially_published') {
    return post.published_at ? `Published ${formatInZone(post.published_at, timeZone)}` : 'Published';
  }
  if (post.scheduled_at) return `${post.status === 'draft' ? 'Planned for' : 'Scheduled for'} ${formatInZone(post.scheduled_at, timeZone)}`;
  if (post.status === 'draft') return 'Draft, no time chosen';
  return post.syncStatus === 'pending' ? 'Publishes as soon as it reaches the server' : `Sent ${formatInZone(post.created_at, timeZone)}`;
}

export function PostCard({ post, timeZone, alert = null, onEdit, onReschedule, onDelete }: PostCardProps) {
  const titleId = useId();
  const title = postTitle(post);
  const canReschedule = post.status === 'scheduled' || post.status === 'failed';
  const canDelete = post.status !== 'publishing';
  return (
    <Card component="article" aria-labelledby={titleId} withBorder padding="sm" radius="md">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Box w={64} h={96} bg="dark.6" style={{ flexShrink: 0, borderRadius: 6, overflow: 'hidden', display: 'grid', placeItems: 'center' }}>
          {post.video?.thumbnail_url ? (
            <img src={post.video.thumbnail_url} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <IconVideo size={24} stroke={1.5} aria-hidden color="var(--mantine-color-gray-4)" />
          )}
        </Box>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" align="flex-start">
            <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            <Group gap={4}>
              <Badge color={POST_STATUS_COLORS[post.status]} variant="light">
                {POST_STATUS_LABELS[post.status]}
              </Badge>
              {post.syncStatus === 'pending' ? (
                <PendingBadge />
              ) : null}
            </Group>
          </Group>
          <Text fz="sm" c="dimmed">
            {whenLine(post, timeZone)}
          </Text>
          {post.caption ? (
            <Text fz="sm" lineClamp={3} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {post.caption}
            </Text>
          ) : null}
          {post.targets.length > 0 ? (
            <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Accounts of ${title}`}>
              {post.targets.map((target) => {
                const link = publishedUrl(target);
                return (
                  <Box component="li" key={target.id}>
                    <Group gap={6} wrap="wrap">
                      <Text fz="sm" fw={500}>
                        {platformLabel(target.platform)} · {target.account_name}
                      </Text>
                      {target.sandbox ? (
                        <Badge size="xs" variant="outline" color="grape">
                          Sandbox
                        </Badge>
                      ) : null}
                      <Badge size="sm" variant="light" color={TARGET_STATUS_COLORS[target.status]}>
                        {TARGET_STATUS_LABELS[target.status]}
                      </Badge>
                      {link ? (
                        <Anchor href={link} target="_blank" rel="noreferrer" fz="sm">
                          View on {platformLabel(target.platform)} <IconExternalLink size={12} aria-hidden />
                        </Anchor>
                      ) : null}
                    </Group>
                    {target.error ? (
                      <Text fz="sm" c={target.status === 'blocked' ? 'orange.9' : 'red.8'}>
                        {target.error}
                        {target.error_code ? ` (${target.error_code})` : ''}
                      </Text>
                    ) : null}
                  </Box>
                );
              })}
            </Stack>
          ) : null}
          <PostAlertNote alert={alert} />
          {post.syncStatus === 'failed' ? <RefusedChangeAlert outboxId={post.failedOutboxId} reason={post.syncError} title="The server refused this" /> : null}
          <Group gap="xs">
            {post.status === 'draft' ? (
              <Button size="xs" leftSection={<IconEdit size={14} aria-hidden />} onClick={onEdit} aria-label={`Edit ${title}`}>
                Edit
              </Button>
            ) : null}
            {canReschedule ? (
              <Button size="xs" variant="default" leftSection={<IconCalendarEvent size={14} aria-hidden />} onClick={onReschedule} aria-label={`Reschedule ${title}`}>
                Reschedule…
              </Button>
            ) : null}
            {canDelete ? (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete} aria-label={`Delete ${title}`}>
                Delete
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
