// Home's sections that read the local store (Dexie through each feature's data/ API): what needs
// the creator, the latest videos, the next scheduled posts. Loaded once home has painted, so the
// top of home never waits for the store (docs/decisions/performance.md).
import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMovie, IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type ReactNode } from 'react';
import { PLATFORM_LABELS } from '../../../../contract/publishing';
import type { LocalPost, LocalVideo } from '../../../store/db';
import { AnchorLink, ButtonLink } from '../../../ui/links';
import { allAccounts, RECONNECT_PARAM } from '../../accounts/data';
import { failedJobsNewestFirst, postsNewestFirst, postTitle } from '../../publishing/data';
import { seriesNeedingAttention } from '../../series/data';
import { restartVideoLocally, videosNewestFirst } from '../../videos/data';
import { attentionItems, latestVideos, nextPosts, type AttentionItem } from './select';

const STATUS: Record<LocalVideo['status'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  processing: { label: 'Being made', color: 'blue' },
  completed: { label: 'Ready', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export function SectionLoading() {
  return (
    <Text c="dimmed" fz="sm" role="status">
      Loading...
    </Text>
  );
}

/** A list of home's rows, each with its own separator, read as a list by screen readers. */
function Rows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" aria-label={label} gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

function AllWell({ children }: { children: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <IconCircleCheck size={20} color="var(--mantine-color-teal-filled)" aria-hidden style={{ flexShrink: 0 }} />
      <Text fz="sm">{children}</Text>
    </Group>
  );
}

// ---- what needs the creator -------------------------------------------------------------------

export function NeedsYou({ withPublishing }: { withPublishing: boolean }) {
  const items = useLiveQuery(
    async () =>
      attentionItems(await videosNewestFirst(), withPublishing ? await failedJobsNewestFirst() : [], withPublishing ? await allAccounts() : [], withPublishing, await seriesNeedingAttention()),
    [withPublishing],
  );
  if (!items) return <SectionLoading />;
  if (items.length === 0) {
    return <AllWell>{withPublishing ? 'All is well: no failed videos or posts, and every account is connected.' : 'All is well: no failed videos.'}</AllWell>;
  }
  return (
    <Rows label="What needs you">
      {items.map((item) => (
        <li key={`${item.kind}:${item.id}`}>
          <AttentionRow item={item} />
        </li>
      ))}
    </Rows>
  );
}

function AttentionRow({ item }: { item: AttentionItem }) {
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  let what: string;
  let title: string;
  let detail: string;
  let action: ReactNode;
  if (item.kind === 'account') {
    const platform = PLATFORM_LABELS[item.platform];
    const label = item.level === 'reconnect' ? 'Reconnect' : 'Renew access';
    what = item.level === 'reconnect' ? 'Account to reconnect' : 'Account access runs out';
    title = `${platform} · ${item.name}`;
    detail = item.blockedPosts > 0 ? `${item.reason} ${item.blockedPosts === 1 ? '1 post waits' : `${item.blockedPosts} posts wait`} for it.` : item.reason;
    action = (
      <ButtonLink
        to="/connect"
        search={{ [RECONNECT_PARAM]: item.id }}
        size="xs"
        color={item.level === 'reconnect' ? 'red' : undefined}
        variant={item.level === 'reconnect' ? 'filled' : 'default'}
        leftSection={<IconPlugConnected size={14} aria-hidden />}
        aria-label={`${label} ${platform} account ${item.name}`}
      >
        {label}
      </ButtonLink>
    );
  } else if (item.kind === 'series') {
    what = 'Series paused';
    title = item.name;
    detail = item.reason;
    action = item.reconnectAccountId ? (
      <ButtonLink
        to="/connect"
        search={{ [RECONNECT_PARAM]: item.reconnectAccountId }}
        size="xs"
        color="red"
        leftSection={<IconPlugConnected size={14} aria-hidden />}
        aria-label={`Reconnect the account of series ${item.name}`}
      >
        Reconnect
      </ButtonLink>
    ) : (
      <ButtonLink to="/video-series/detail/$id" params={{ id: item.id }} size="xs" variant="default" aria-label={`Open series ${item.name}`}>
        Open
      </ButtonLink>
    );
  } else if (item.kind === 'post') {
    what = 'Post failed';
    title = item.title;
    detail = [item.platform ? PLATFORM_LABELS[item.platform] : null, item.accountName, item.reason].filter(Boolean).join(' · ');
    action = (
      <ButtonLink to="/publish" size="xs" variant="default" aria-label={`Open failed post ${item.title} on Publish`}>
        Open
      </ButtonLink>
    );
  } else {
    what = 'Video failed';
    title = item.title;
    detail = item.reason;
    const retry = async () => {
      setRetrying(true);
      setError(null);
      try {
        await restartVideoLocally(item.id);
      } catch (cause) {
        setError(cause instanceof Error ? cause.message : 'The video could not be restarted.');
        setRetrying(false);
      }
    };
    action = (
      <Group gap="xs">
        <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} loading={retrying} onClick={() => void retry()} aria-label={`Retry video ${item.title}`}>
          Retry
        </Button>
        <ButtonLink to="/my-videos" size="xs" variant="default" aria-label={`Open video ${item.title} in My videos`}>
          Open
        </ButtonLink>
      </Group>
    );
  }
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
      <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
        <IconAlertTriangle size={18} color="var(--mantine-color-red-text)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Box style={{ minWidth: 0 }}>
          <Text fz="xs" c="dimmed">
            {what}
          </Text>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
          {error ? (
            <Text fz="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
        </Box>
      </Group>
      {action}
    </Group>
  );
}

// ---- the latest videos ------------------------------------------------------------------------

export function LatestVideos() {
  const videos = useLiveQuery(async () => latestVideos(await videosNewestFirst()), []);
  if (!videos) return <SectionLoading />;
  if (videos.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No videos yet. The videos you create show here while they are made.
      </Text>
    );
  }
  return (
    <Rows label="Latest videos">
      {videos.map((video) => (
        <li key={video.id}>
          <Group gap="sm" wrap="nowrap">
            <Thumbnail src={video.ai_video.thumbnail_src} />
            <Box style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {video.title || 'Untitled video'}
              </Text>
              <Badge size="sm" variant="light" color={STATUS[video.status].color} tt="none">
                {video.status === 'processing' ? `${STATUS.processing.label} · ${Math.round(video.progress)}%` : STATUS[video.status].label}
              </Badge>
            </Box>
          </Group>
        </li>
      ))}
    </Rows>
  );
}

/** The video's picture (a signed URL that may have expired offline: then the placeholder). */
function Thumbnail({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  return (
    <Box
      w={40}
      h={56}
      style={{ flexShrink: 0, borderRadius: 6, overflow: 'hidden', background: 'var(--mantine-color-default-hover)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      {src && !broken ? (
        <img src={src} alt="" loading="lazy" width={40} height={56} onError={() => setBroken(true)} style={{ objectFit: 'cover', width: '100%', height: '100%' }} />
      ) : (
        <IconMovie size={18} aria-hidden color="var(--mantine-color-dimmed)" />
      )}
    </Box>
  );
}

// ---- the next scheduled posts -----------------------------------------------------------------

const WHEN = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function platformsOf(post: LocalPost): string {
  return [...new Set(post.targets.map((target) => PLATFORM_LABELS[target.platform]))].join(', ');
}

const systemNow = () => new Date();

export function NextPosts({ now = systemNow }: { now?: () => Date }) {
  const posts = useLiveQuery(async () => nextPosts(await postsNewestFirst(), now()), [now]);
  if (!posts) return <SectionLoading />;
  if (posts.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        Nothing scheduled.{' '}
        <AnchorLink to="/publish" fz="sm" underline="always">
          Schedule a post
        </AnchorLink>
      </Text>
    );
  }
  return (
    <Rows label="Next scheduled posts">
      {posts.map((post) => (
        <li key={post.id}>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {postTitle(post)}
          </Text>
          <Text fz="sm" c="dimmed">
            <time dateTime={post.scheduled_at ?? undefined}>{WHEN.format(new Date(post.scheduled_at ?? ''))}</time> · {platformsOf(post)}
          </Text>
        </li>
      ))}
    </Rows>
  );
}
