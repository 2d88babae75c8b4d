// The editor route: `editor?video=<id>` opens that video's timeline; without `video`, a list of
// the creator's finished videos to choose from. Screens and states: docs/decisions/editor.md, "Screens".
import { Stack, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { EditorScreen } from './screen/EditorScreen';
import { VideoChooser } from './screen/VideoChooser';

export function EditorPage() {
  const { video } = useSearch({ strict: false });
  return (
    <Stack gap="sm">
      <Title order={1} fz="h2">
        Editor
      </Title>
      {video ? <EditorScreen videoId={video} /> : <VideoChooser />}
    </Stack>
  );
}
