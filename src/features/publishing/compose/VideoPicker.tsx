// "Which video?": the creator's finished videos as radio cards with their thumbnails (arrow keys
// move the choice, as in any radio group). Reads db.publishVideos (GET /api/get/videos).
import { Box, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import type { PublishVideoRow } from '../../../store';
import { AnchorLink } from '../../../ui/links';
import { ListLoading } from '../../../ui/ListStates';
import { EmptyPicker } from '../../../ui/EmptyPicker';
import { aspectLabel, formatDuration } from '../format';

export interface VideoPickerProps {
  id: string;
  videos: PublishVideoRow[] | undefined;
  value: string | null;
  onChange: (video: PublishVideoRow) => void;
  error?: string;
}

function Thumbnail({ video }: { video: PublishVideoRow }) {
  const upright = !video.width || !video.height || video.height >= video.width;
  return (
    <Box bg="dark.6" style={{ aspectRatio: upright ? '9 / 16' : '16 / 9', maxHeight: 180, width: '100%', borderRadius: 6, overflow: 'hidden', display: 'grid', placeItems: 'center' }}>
      {video.thumbnail_url ? (
        <img src={video.thumbnail_url} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <IconVideo size={32} stroke={1.5} aria-hidden color="var(--mantine-color-gray-4)" />
      )}
    </Box>
  );
}

export function VideoPicker({ id, videos, value, onChange, error }: VideoPickerProps) {
  if (!videos) return <ListLoading label="Loading your videos..." live={false} />;
  if (videos.length === 0) {
    return (
      <EmptyPicker id={id} label="Video" error={error}>
        No finished videos yet. <AnchorLink to="/create-ai-video">Create a video</AnchorLink> first; it shows up here once it has rendered.
      </EmptyPicker>
    );
  }
  return (
    <Radio.Group
      id={id}
      label="Video"
      description="One of your finished videos"
      value={value}
      onChange={(next) => {
        const video = videos.find((candidate) => candidate.id === next);
        if (video) onChange(video);
      }}
      error={error}
      name={`${id}-choice`}
    >
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" mt="xs">
        {videos.map((video) => (
          <Radio.Card key={video.id} value={video.id} p="xs" radius="md" aria-label={video.title}>
            <Stack gap={6}>
              <Thumbnail video={video} />
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Radio.Indicator size="xs" mt={3} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {video.title}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {[video.width && video.height ? aspectLabel(video.width, video.height) : null, video.duration ? formatDuration(video.duration) : null].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
              </Group>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
