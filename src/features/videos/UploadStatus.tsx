// What an upload (useUpload) shows: its progress bar while it runs, and why it was not uploaded.
import { Alert, Progress } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Nothing when no upload runs; a moving full bar while the size is unknown. */
export function UploadProgressBar({ progress }: { progress: number | null | undefined }) {
  if (progress === undefined) return null;
  return <Progress value={progress === null ? 100 : Math.round(progress * 100)} animated={progress === null} aria-label="Upload progress" size="lg" />;
}

export function UploadFailureAlert({ failure }: { failure: string | null }) {
  if (!failure) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Not uploaded">
      {failure}
    </Alert>
  );
}
