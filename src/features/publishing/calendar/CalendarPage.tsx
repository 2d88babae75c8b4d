// The calendar (route `calender`): every post of the local store — those
// made offline and still waiting to be sent included — by month, week, day or as an agenda (the
// default on phones), coloured and labelled by status. Drag a scheduled or failed post to a new
// time (or use "Move to" in its details): the change is queued like any other. Reads only the
// local store; changes go through src/features/publishing/data/posts.
import { Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarOff, IconSend } from '@tabler/icons-react';
import type { EventDropInfo } from '@fullcalendar/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { refreshPosts, reschedulePost } from '../data/posts';
import { allPosts } from '../data/queries';
import type { LocalPost } from '../../../store';
import { ListLoading } from '../../../ui/ListStates';
import { ButtonLink } from '../../../ui/links';
import { PageFrame } from '../../../ui/PageFrame';
import { CALENDAR_FRAME } from './frame';
import { PostAlertNote, PublishAlertBanner, usePublishAlerts } from '../alerts/PublishAlerts';
import { useOnline } from '../../../ui/useOnline';
import { postTitle, toPostEvents } from './calendar-events';
import { PostCalendar, type CalendarView } from './PostCalendar';
import { formatWhen, PostDetailsModal } from './PostDetailsModal';
import { decideMove, handleDrop, type MoveDeps } from './reschedule';
import { SeriesAttentionAlerts } from './SeriesAttentionAlerts';

export const EMPTY_CALENDAR_TEXT = 'Nothing scheduled yet — create a post on Publish';

/** Below Mantine's `sm` (48em) the agenda is the first view. */
const PHONE_QUERY = '(max-width: 47.99em)';

export interface CalendarPageProps {
  /** Where the calendar opens (tests); today when absent. */
  initialDate?: string;
  /** The clock drops are checked against (tests). */
  now?: () => Date;
}

export function CalendarPage({ initialDate, now = () => new Date() }: CalendarPageProps = {}) {
  const online = useOnline();
  useEffect(() => {
    // Route entry, and back online: pull the posts. The sync layer reports its own failures.
    if (online) refreshPosts().catch(() => undefined);
  }, [online]);
  return (
    <PageFrame {...CALENDAR_FRAME}>
      <CalendarSection initialDate={initialDate} now={now} />
    </PageFrame>
  );
}

function CalendarSection({ initialDate, now }: { initialDate?: string; now: () => Date }) {
  const posts = useLiveQuery(allPosts, []);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [initialView] = useState<CalendarView>(() => (phone ? 'listMonth' : 'dayGridMonth'));
  const [openId, setOpenId] = useState<string | null>(null);
  const alerts = usePublishAlerts(now);
  const alertLevels = useMemo(() => new Map((alerts?.posts ?? []).map((alert) => [alert.postId, alert.level])), [alerts]);
  const events = useMemo(() => toPostEvents(posts ?? [], alertLevels), [posts, alertLevels]);
  const byId = useMemo(() => new Map((posts ?? []).map((post) => [post.id, post])), [posts]);
  // The open details follow the row (a new time, a delivered change).
  const open = openId ? (byId.get(openId) ?? null) : null;

  if (!posts) return <ListLoading label="Loading posts..." />;

  const refused = (reason: string) => notifications.show({ color: 'red', title: 'Not moved', message: reason });
  const moved = (id: string, iso: string) => {
    const post = byId.get(id);
    notifications.show({
      color: 'teal',
      title: 'New time saved',
      message: `${post ? `“${postTitle(post)}”` : 'The post'} goes out ${formatWhen(iso)}. The change is sent to the server when you are online.`,
    });
  };
  const deps: MoveDeps = { findPost: (id) => byId.get(id), reschedule: reschedulePost, now, refused, moved };

  const onDrop = (info: EventDropInfo) => {
    void handleDrop(info, deps);
  };
  const onMove = async (post: LocalPost, at: Date) => {
    const decision = decideMove(post, at, now());
    if (!decision.ok) {
      refused(decision.reason);
      return false;
    }
    try {
      await reschedulePost(post.id, decision.iso);
    } catch (error) {
      refused(error instanceof Error && error.message ? error.message : 'The post could not be moved.');
      return false;
    }
    moved(post.id, decision.iso);
    return true;
  };

  return (
    <Stack gap="md">
      <SeriesAttentionAlerts />
      <PublishAlertBanner alerts={alerts} />
      {events.length === 0 ? (
        <Stack align="center" gap="xs" py="md" ta="center">
          <IconCalendarOff size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text fw={600} fz="sm">
            {EMPTY_CALENDAR_TEXT}
          </Text>
          <ButtonLink to="/publish" leftSection={<IconSend size={16} aria-hidden />}>
            Create a post
          </ButtonLink>
        </Stack>
      ) : null}
      <PostCalendar events={events} initialView={initialView} initialDate={initialDate} onOpen={setOpenId} onDrop={onDrop} />
      <PostDetailsModal
        post={open}
        onClose={() => setOpenId(null)}
        onMove={onMove}
        now={now}
        warning={open ? <PostAlertNote alert={alerts?.posts.find((alert) => alert.postId === open.id)} /> : null}
      />
    </Stack>
  );
}
