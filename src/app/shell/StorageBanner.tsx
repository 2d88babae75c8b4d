// DESIGN §4: quota errors are a visible state, never a silent loss.
import { Alert } from '@mantine/core';
import { IconDatabaseExclamation } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { storageState } from '../../store/storage-state';

export function StorageBanner() {
  const storage = useSnapshot(storageState);
  if (!storage.quotaExceeded) return null;
  return (
    <Alert color="orange" variant="light" mb="md" role="alert" title="Device storage is full" icon={<IconDatabaseExclamation aria-hidden />}>
      Reelflow could not save everything on this device because its storage quota is used up. Free some space (for
      example remove videos kept offline) so that your work keeps being saved.
    </Alert>
  );
}
