// "My videos": a grid of the creator's videos from the local store (offline too), with
// live progress (the sync runtime polls adaptively while a video renders), filters and search,
// play, download, restart, delete (confirmed, cancelling the posts still scheduled to publish the
// video) with Undo and "keep offline"; and the music library as a second tab. The list reads ONLY the local store; every change goes through ./data.
import { Group, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconVideo, IconMusic, IconSparkles, IconWand } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
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
import { BuiltinMusicList } from '../../ui/music/BuiltinMusicList';
import { DeleteVideoModal } from './DeleteVideoModal';
import { VideoCard } from './VideoCard';
import { VideoPlayerModal } from './VideoPlayerModal';
import { FilteredList, useListFilter } from '../../ui/FilteredList';
import { ListEmpty, ListSection } from '../../ui/ListStates';
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
          <Stack gap="xl">
            <MusicLibrary />
            <BuiltinMusicList />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

function matchesVideo(video: LocalVideo, query: string, status: StatusFilter): boolean {
  return matchesFilter(video, status) && matchesVideoSearch(video, query);
}

/**
 * `?play={id}` (a series episode's Play): that video opens in the player once the list is read;
 * the parameter is then dropped, so a reload does not open it again.
 */
function usePlayAsked(videos: LocalVideo[] | undefined, play: (video: LocalVideo) => void): void {
  const search: { play?: unknown } = useSearch({ strict: false });
  const navigate = useNavigate();
  const asked = typeof search.play === 'string' ? search.play : null;
  useEffect(() => {
    if (!asked || !videos) return;
    const video = videos.find((row) => row.id === asked);
    if (video) play(video);
    void navigate({ to: '/my-videos', search: {}, replace: true });
  }, [asked, videos, play, navigate]);
}

function VideosSection() {
  const videos = useLiveQuery(videosNewestFirst, []);
  const list = useListFilter(videos, matchesVideo, 'all');
  const [playing, setPlaying] = useState<LocalVideo | null>(null);
  const [deleting, setDeleting] = useState<LocalVideo | null>(null);
  usePlayAsked(videos, setPlaying);

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
      <FilteredList
        list={list}
        search={{ label: 'Search videos', placeholder: 'Words in a title or script' }}
        status={{ data: STATUS_FILTERS, miw: 160 }}
        loadingLabel="Loading videos..."
        empty={<NoVideosYet />}
        words={(count) => plural(count, 'video', 'videos')}
        noMatches={{ title: 'No videos match', clearLabel: 'Show all videos' }}
      >
        {(shown) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {shown.map((video) => (
              <VideoCard key={video.id} video={video} onPlay={() => setPlaying(video)} onRestart={() => restart(video)} onDelete={() => askToDelete(video)} />
            ))}
          </SimpleGrid>
        )}
      </FilteredList>
      <VideoPlayerModal video={playingRow} onClose={() => setPlaying(null)} />
      <DeleteVideoModal video={deleting} onCancel={() => setDeleting(null)} onConfirm={remove} />
    </ListSection>
  );
}

function NoVideosYet() {
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
