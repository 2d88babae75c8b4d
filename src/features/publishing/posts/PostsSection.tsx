// "Posts": every post on this device (newest first), with a status filter and a search, read from
// the local store only (offline too). Edit opens a draft in the compose form; reschedule and delete
// go through the outbox (delete with Undo while the DELETE is held).
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useMemo, useState } from 'react';
import { POST_STATUSES, type PostStatus } from '../../../../contract/publishing';
import { errorMessage } from '../../../api';
import { UNDO_WINDOW_MS } from '../../../store/undo-delete';
import { deletePost, postTitle, reschedulePost, undoDeletePost, type DeletedPost } from '../data/posts';
import { postsNewestFirst } from '../data/queries';
import type { LocalPost } from '../../../store';
import { ListCount, ListEmpty, ListFilters, ListLoading, ListSection, NoMatches } from '../../../ui/ListStates';
import { showUndoableDelete } from '../../../ui/undo-toast';
import { matchesPostSearch, POST_STATUS_LABELS } from '../format';
import { plural } from '../../../ui/format-count';
import { RescheduleModal } from '../RescheduleModal';
import { PostCard } from './PostCard';
import { usePublishAlerts } from '../alerts/PublishAlerts';

type StatusFilter = PostStatus | 'all';
const FILTERS: Array<{ value: StatusFilter; label: string }> = [{ value: 'all', label: 'All posts' }, ...POST_STATUSES.map((status) => ({ value: status, label: POST_STATUS_LABELS[status] }))];

/** Newest first: by creation (a post made offline is new too). */

export interface PostsSectionProps {
  timeZone: string;
  onEdit: (post: LocalPost) => void;
  onCompose: () => void;
}

export function PostsSection({ timeZone, onEdit, onCompose }: PostsSectionProps) {
  const posts = useLiveQuery(postsNewestFirst, []);
  const alerts = usePublishAlerts();
  const alertOf = (id: string) => alerts?.posts.find((alert) => alert.postId === id) ?? null;
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [moving, setMoving] = useState<LocalPost | null>(null);
  const visible = useMemo(() => posts?.filter((post) => (filter === 'all' || post.status === filter) && matchesPostSearch(post, query)), [posts, filter, query]);

  const undo = async (deleted: DeletedPost, notificationId: string) => {
    notifications.hide(notificationId);
    try {
      if (await undoDeletePost(deleted)) notifications.show({ color: 'teal', title: 'Post restored', message: `“${deleted.previous ? postTitle(deleted.previous) : 'Your post'}” is back.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Post not restored', message: errorMessage(error, 'The post could not be restored.') });
    }
  };

  const remove = async (post: LocalPost) => {
    try {
      const deleted = await deletePost(post.id);
      const id = `post-deleted-${post.id}`;
      showUndoableDelete({ id, title: 'Post deleted', name: postTitle(post), autoClose: UNDO_WINDOW_MS, onUndo: () => void undo(deleted, id) });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Post not deleted', message: errorMessage(error, 'Something went wrong on this device.') });
    }
  };

  return (
    <ListSection title="Your posts">
      {posts && posts.length > 0 ? (
        <ListFilters
          search={{ label: 'Search posts', placeholder: 'Words in a caption, title or account', value: search, onChange: setSearch }}
          status={{ data: FILTERS, value: filter, onChange: setFilter, fallback: 'all', miw: 170 }}
        />
      ) : null}
      {!posts || !visible ? (
        <ListLoading label="Loading posts..." />
      ) : posts.length === 0 ? (
        <ListEmpty title="No posts yet" text="Publish a finished video to your accounts now or at a time you choose. Drafts and scheduled posts show up here.">
          <Button leftSection={<IconSend size={16} aria-hidden />} onClick={onCompose}>
            Create a post
          </Button>
        </ListEmpty>
      ) : (
        <Stack gap="sm">
          <ListCount shown={visible.length} total={posts.length} words={(count) => plural(count, 'post', 'posts')} />
          {visible.length === 0 ? (
            <NoMatches
              title="No posts match"
              clearLabel="Show all posts"
              onClear={() => {
                setSearch('');
                setFilter('all');
              }}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {visible.map((post) => (
                <PostCard key={post.id} post={post} timeZone={timeZone} alert={alertOf(post.id)} onEdit={() => onEdit(post)} onReschedule={() => setMoving(post)} onDelete={() => void remove(post)} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
      <RescheduleModal
        subject={moving ? `“${postTitle(moving)}”` : null}
        current={moving?.scheduled_at ?? null}
        timeZone={timeZone}
        onClose={() => setMoving(null)}
        onSave={async (iso) => {
          if (!moving) return;
          await reschedulePost(moving.id, iso);
          notifications.show({ color: 'teal', title: 'New time saved', message: `“${postTitle(moving)}” moves to the new time.` });
        }}
      />
    </ListSection>
  );
}
