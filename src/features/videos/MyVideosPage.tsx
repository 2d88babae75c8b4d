// "My videos": a grid of the creator's videos from the local store (offline too), with
// live progress (the sync runtime polls adaptively while a video renders), filters and search,
// play, download, restart, delete (confirmed, cancelling the posts still scheduled to publish the
// video) with Undo and "keep offline"; and the music library as a second tab. The list reads ONLY the local store; every change goes through ./data.
import { Group, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconVideo, IconMusic, IconSparkles, IconWand } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api';
import { refreshPosts } from '../publishing/data';
import { UNDO_WINDOW_MS } from '../../store/undo-delete';
import { refreshMusic, refreshVideos, restartVideoLocally, videosNewestFirst } from './data';
import { deleteVideoWithPosts, undoDeleteVideoWithPosts, type DeletedVideoWithPosts } from './data/video-delete';
import type { LocalVideo } from '../../store';
import { ButtonLink } from '../../ui/links';
import { PageFrame } from '../../ui/PageFrame';
import { MY_VIDEOS_FRAME } from './frame';
import { matchesFilter, matchesVideoSearch, STATUS_FILTERS, type StatusFilter } from './format';
import { plural } from '../../ui/format-count';
import { MusicLibrary } from './music/MusicLibrary';
import { DeleteVideoModal } from './DeleteVideoModal';
import { VideoCard } from './VideoCard';
import { VideoPlayerModal } from './VideoPlayerModal';
import { ListCount, ListEmpty, ListFilters, ListLoading, ListSection, NoMatches } from '../../ui/ListStates';
import { showUndoableDelete } from '../../ui/undo-toast';

export function MyVideosPage() {
  const [tab, setTab] = useState<string | null>('videos');
  useEffect(() => {
    // Route entry: pull both collections. The sync layer reports its own failures (indicator).
    refreshVideos().catch(() => undefined);
    refreshMusic().catch(() => undefined);
  }, []);
  return (
    <PageFrame {...MY_VIDEOS_FRAME}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="videos" leftSection={<IconVideo size={16} aria-hidden />} style={{ minHeight: 44 }}>
            Videos
          </Tabs.Tab>
          <Tabs.Tab value="music" leftSection={<IconMusic size={16} aria-hidden />} style={{ minHeight: 44 }}>
            Music library
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="videos" pt="md">
          <VideosSection />
        </Tabs.Panel>
        <Tabs.Panel value="music" pt="md">
          <MusicLibrary />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

function VideosSection() {
  const videos = useLiveQuery(videosNewestFirst, []);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [playing, setPlaying] = useState<LocalVideo | null>(null);
  const [deleting, setDeleting] = useState<LocalVideo | null>(null);

  const visible = useMemo(() => videos?.filter((video) => matchesFilter(video, filter) && matchesVideoSearch(video, query)), [videos, filter, query]);
  // The open player follows the row (e.g. "keep offline" switched while it is open).
  const playingRow = playing ? (videos?.find((video) => video.id === playing.id) ?? playing) : null;

  const undo = async (deleted: DeletedVideoWithPosts, notificationId: string) => {
    notifications.hide(notificationId);
    try {
      if (await undoDeleteVideoWithPosts(deleted)) notifications.show({ color: 'teal', title: 'Video restored', message: `“${deleted.video.previous?.title ?? 'Your video'}” is back.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Video not restored', message: errorMessage(error, 'The video could not be restored.') });
    }
  };

  const askToDelete = (video: LocalVideo) => {
    setDeleting(video);
    // The dialog counts the posts on this device: bring them up to date (best effort; offline the
    // stored ones count, and the server cancels the same posts anyway).
    refreshPosts().catch(() => undefined);
  };

  const remove = async (video: LocalVideo) => {
    const deleted = await deleteVideoWithPosts(video.id);
    setDeleting(null);
    const id = `video-deleted-${video.id}`;
    const cancelled = deleted.posts.length;
    showUndoableDelete({
      id,
      title: cancelled > 0 ? `Video deleted, ${plural(cancelled, 'post', 'posts')} cancelled` : 'Video deleted',
      name: video.title,
      autoClose: UNDO_WINDOW_MS,
      onUndo: () => void undo(deleted, id),
    });
  };

  const restart = async (video: LocalVideo) => {
    await restartVideoLocally(video.id);
    notifications.show({ color: 'teal', title: 'Restart queued', message: `“${video.title}” starts again from the stage that failed.` });
  };

  return (
    <ListSection title="Your videos">
      {videos && videos.length > 0 ? (
        <ListFilters
          search={{ label: 'Search videos', placeholder: 'Words in a title or script', value: search, onChange: setSearch }}
          status={{ data: STATUS_FILTERS, value: filter, onChange: setFilter, fallback: 'all', miw: 160 }}
        />
      ) : null}
      <VideoList
        videos={videos}
        visible={visible}
        onClear={() => {
          setSearch('');
          setFilter('all');
        }}
        onPlay={setPlaying}
        onRestart={restart}
        onDelete={askToDelete}
      />
      <VideoPlayerModal video={playingRow} onClose={() => setPlaying(null)} />
      <DeleteVideoModal video={deleting} onCancel={() => setDeleting(null)} onConfirm={remove} />
    </ListSection>
  );
}

interface VideoListProps {
  videos: LocalVideo[] | undefined;
  visible: LocalVideo[] | undefined;
  onClear: () => void;
  onPlay: (video: LocalVideo) => void;
  onRestart: (video: LocalVideo) => Promise<void>;
  onDelete: (video: LocalVideo) => void;
}

function VideoList({ videos, visible, onClear, onPlay, onRestart, onDelete }: VideoListProps) {
  if (!videos || !visible) {
    return <ListLoading label="Loading videos..." />;
  }
  if (videos.length === 0) {
    return (
      <ListEmpty
        icon={<IconVideo size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />}
        title="No videos yet"
        text="Turn a topic or a script into a finished, captioned short video. It shows up here while it renders."
      >
        <Group gap="sm" justify="center">
          <ButtonLink to="/create-ai-video" leftSection={<IconSparkles size={16} aria-hidden />}>
            Create AI video
          </ButtonLink>
          <ButtonLink to="/faceless-video" variant="default" leftSection={<IconWand size={16} aria-hidden />}>
            Faceless video
          </ButtonLink>
        </Group>
      </ListEmpty>
    );
  }
  return (
    <Stack gap="sm">
      <ListCount shown={visible.length} total={videos.length} words={(count) => plural(count, 'video', 'videos')} />
      {visible.length === 0 ? (
        <NoMatches title="No videos match" clearLabel="Show all videos" onClear={onClear} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {visible.map((video) => (
            <VideoCard key={video.id} video={video} onPlay={() => onPlay(video)} onRestart={() => onRestart(video)} onDelete={() => onDelete(video)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
