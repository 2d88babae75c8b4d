// The editor opened without a video: the creator's finished videos to pick one from, or a way to
// make one when there is none yet.
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { ListEmpty, ListLoading } from '../../../ui/ListStates';
import { AnchorLink, ButtonLink } from '../../../ui/links';
import { videosNewestFirst } from '../../videos/data';

/** How many finished videos the chooser lists (the newest). */
export const CHOOSER_LIMIT = 12;

export function VideoChooser() {
  const videos = useLiveQuery(videosNewestFirst, []);
  if (videos === undefined) return <ListLoading label="Loading your videos" />;
  const finished = videos.filter((video) => video.status === 'completed').slice(0, CHOOSER_LIMIT);
  if (finished.length === 0) {
    return (
      <ListEmpty icon={<IconVideo size={32} />} title="No finished videos yet" text="Make a video first; when it is ready you can change it here scene by scene.">
        <ButtonLink to="/create-ai-video">Create a video</ButtonLink>
      </ListEmpty>
    );
  }
  return (
    <Stack gap="sm">
      <Text>Choose a finished video to edit.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {finished.map((video) => (
          <li key={video.id}>
            <Card withBorder padding="sm" radius="md">
              <Group wrap="nowrap" gap="sm">
                <Thumbnail src={video.ai_video?.thumbnail_src ?? null} />
                <AnchorLink to="/editor" search={{ video: String(video.id) }} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {video.title}
                </AnchorLink>
              </Group>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The video's picture, or a mark when it has none or it cannot be loaded (offline, an expired link). */
function Thumbnail({ src }: { src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return <IconVideo size={32} aria-hidden style={{ flex: 'none' }} />;
  return <img src={src} alt="" width={48} height={64} onError={() => setBroken(true)} style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }} />;
}
