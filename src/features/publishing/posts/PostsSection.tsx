// "Posts": every post on this device (newest first), with a status filter and a search, read from
// the local store only (offline too). Edit opens a draft in the compose form; reschedule and delete
// go through the outbox (delete with Undo while the DELETE is held).
import { Button, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { POST_STATUSES, type PostStatus } from '../../../../contract/publishing';
import { errorMessage } from '../../../api';
import { UNDO_WINDOW_MS } from '../../../store/undo-delete';
import { deletePost, postTitle, reschedulePost, undoDeletePost, type DeletedPost } from '../data/posts';
import { postsNewestFirst } from '../data/queries';
import type { LocalPost } from '../../../store';
import { FilteredList, useListFilter } from '../../../ui/FilteredList';
import { ListEmpty, ListSection } from '../../../ui/ListStates';
import { showUndoableDelete } from '../../../ui/undo-toast';
import { matchesPostSearch, POST_STATUS_LABELS } from '../format';
import { plural } from '../../../ui/format-count';
import { RescheduleModal } from '../RescheduleModal';
import { PostCard } from './PostCard';
import { usePublishAlerts } from '../alerts/PublishAlerts';

type StatusFilter = PostStatus | 'all';
const FILTERS: Array<{ value: StatusFilter; label: string }> = [{ value: 'all', label: 'All posts' }, ...POST_STATUSES.map((status) => ({ value: status, label: POST_STATUS_LABELS[status] }))];

function matchesPost(post: LocalPost, query: string, status: StatusFilter): boolean {
  return (status === 'all' || post.status === status) && matchesPostSearch(post, query);
}

export interface PostsSectionProps {
  timeZone: string;
  onEdit: (post: LocalPost) => void;
  onCompose: () => void;
}

export function PostsSection({ timeZone, onEdit, onCompose }: PostsSectionProps) {
  const posts = useLiveQuery(postsNewestFirst, []);
  const alerts = usePublishAlerts();
  const alertOf = (id: string) => alerts?.posts.find((alert) => alert.postId === id) ?? null;
  const list = useListFilter(posts, matchesPost, 'all');
  const [moving, setMoving] = useState<LocalPost | null>(null);

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
      <FilteredList
        list={list}
        search={{ label: 'Search posts', placeholder: 'Words in a caption, title or account' }}
        status={{ data: FILTERS, miw: 170 }}
        loadingLabel="Loading posts..."
        empty={
          <ListEmpty title="No posts yet" text="Publish a finished video to your accounts now or at a time you choose. Drafts and scheduled posts show up here.">
            <Button leftSection={<IconSend size={16} aria-hidden />} onClick={onCompose}>
              Create a post
            </Button>
          </ListEmpty>
        }
        words={(count) => plural(count, 'post', 'posts')}
        noMatches={{ title: 'No posts match', clearLabel: 'Show all posts' }}
      >
        {(shown) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {shown.map((post) => (
              <PostCard key={post.id} post={post} timeZone={timeZone} alert={alertOf(post.id)} onEdit={() => onEdit(post)} onReschedule={() => setMoving(post)} onDelete={() => void remove(post)} />
            ))}
          </SimpleGrid>
        )}
      </FilteredList>
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
