// The video's versions: the newest one's progress while it renders, "vN is ready" with Play when
// done, and every earlier version with Play and Delete (asked first).
import { Alert, Button, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { VideoVersion } from '../../../../contract/timeline';
import { errorMessage } from '../../../api';
import { openConfirm } from '../../../ui/confirm';
import { useOnline } from '../../../ui/useOnline';

const STATUS_WORDS: Record<VideoVersion['status'], string> = { queued: 'Waiting to render', processing: 'Rendering', completed: 'Ready', failed: 'Failed' };

export function VersionsList({ versions, renderError, onDelete }: { versions: readonly VideoVersion[]; renderError: string | null; onDelete: (version: number) => Promise<void> }) {
  const online = useOnline();
  const [playing, setPlaying] = useState<VideoVersion | null>(null);
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  const newest = newestFirst[0];

  const remove = (version: VideoVersion) =>
    void openConfirm({
      title: `Delete v${version.version}?`,
      message: `v${version.version} of this video will be deleted. Posts already made from it keep their copy.`,
      confirmLabel: `Delete v${version.version}`,
      danger: true,
      onConfirm: () =>
        void onDelete(version.version).catch((error: unknown) => notifications.show({ color: 'red', title: `v${version.version} was not deleted`, message: errorMessage(error) })),
    });

  return (
    <Stack gap="xs" component="section" aria-labelledby="editor-versions">
      <Title order={2} fz="md" id="editor-versions">
        Versions
      </Title>
      {renderError && (
        <Alert color="red" role="alert" title="The render was refused">
          {renderError}
        </Alert>
      )}
      {newest && newest.version > 1 && newest.status === 'completed' && newest.video_src && (
        <Alert color="green" title={`v${newest.version} is ready`}>
          <Button size="compact-sm" onClick={() => setPlaying(newest)}>
            Play v{newest.version}
          </Button>
        </Alert>
      )}
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {newestFirst.map((version) => (
          <li key={version.version}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ flex: 1 }}>
                <Text fz="sm">
                  <b>v{version.version}</b> · {STATUS_WORDS[version.status]}
                  {version.status === 'processing' ? ` ${Math.round(version.progress)} %` : ''}
                  {version.credits_charged > 0 ? ` · ${version.credits_charged} credits` : ''}
                </Text>
                {(version.status === 'queued' || version.status === 'processing') && (
                  <Progress value={version.progress} aria-label={`v${version.version} rendering progress`} size="sm" />
                )}
                {version.status === 'failed' && version.error && (
                  <Text fz="xs" c="red">
                    {version.error}
                  </Text>
                )}
              </Stack>
              {version.status === 'completed' && version.video_src && (
                <Button size="compact-sm" variant="light" onClick={() => setPlaying(version)} aria-label={`Play v${version.version}`}>
                  Play
                </Button>
              )}
              {version.version !== newest?.version && (
                <Button size="compact-sm" variant="subtle" color="red" disabled={!online} onClick={() => remove(version)} aria-label={`Delete v${version.version}`}>
                  Delete
                </Button>
              )}
            </Group>
          </li>
        ))}
      </Stack>
      <Modal opened={playing !== null} onClose={() => setPlaying(null)} title={playing ? `v${playing.version}` : ''} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {playing?.video_src && <video src={playing.video_src} controls autoPlay playsInline data-testid="version-video" style={{ width: '100%', maxHeight: '70vh', background: '#000' }} />}
      </Modal>
    </Stack>
  );
}
