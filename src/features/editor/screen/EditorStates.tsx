// What the editor shows before there is a draft to edit: a skeleton while the timeline loads, the
// server's reason when it cannot be edited (not found, still being made, not editable), and
// offline without a copy on this device.
import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { ButtonLink } from '../../../ui/links';

export function EditorSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading the video’s timeline">
      <Skeleton height={40} />
      <Skeleton height={220} />
      <Skeleton height={120} />
      <Skeleton height={120} />
    </Stack>
  );
}

export function EditorUnavailable({ offline, message }: { offline: boolean; message: string | null }) {
  return (
    <Alert
      color={offline ? 'gray' : 'orange'}
      icon={offline ? <IconWifiOff size={18} /> : <IconAlertTriangle size={18} />}
      title={offline ? 'You are offline' : 'This video cannot be edited'}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        {offline ? 'Open this video once while online to edit it offline.' : message}
        <ButtonLink to="/editor" search={{}} variant="light" size="compact-sm">
          Choose another video
        </ButtonLink>
      </Stack>
    </Alert>
  );
}
