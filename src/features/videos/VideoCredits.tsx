// A finished video's description: the credits its script sources, stock and openly licensed
// pictures ask for, to paste under a post (the publish form fills it in by itself). Read from the
// synced row, so it shows offline too.
import { Button, CopyButton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import type { LocalVideo } from '../../store';

export function VideoCredits({ video }: { video: Pick<LocalVideo, 'status' | 'description'> }) {
  const headingId = useId();
  // A row cached before descriptions existed has none until the next pull; an unfinished video
  // has none yet.
  if (video.status !== 'completed' || video.description === undefined) return null;
  const text = video.description;
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Title order={3} fz="sm" id={headingId}>
        Description and credits
      </Title>
      {text ? (
        <>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '30vh', overflowY: 'auto' }} tabIndex={0} aria-label="Credits text">
            {text}
          </Text>
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <>
                <Button
                  variant="light"
                  size="compact-sm"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {copied ? 'Copied' : 'Copy description'}
                </Button>
                <VisuallyHidden role="status">{copied ? 'Description copied to the clipboard.' : ''}</VisuallyHidden>
              </>
            )}
          </CopyButton>
          <Text fz="xs" c="dimmed">
            Keep these credits with the video wherever you post it: the licences of the pictures ask for them.
          </Text>
        </>
      ) : (
        <Text fz="sm" c="dimmed">
          Nothing in this video needs a credit.
        </Text>
      )}
    </Stack>
  );
}
