// "Delete video?": asked before a video goes, saying how many posts are still scheduled to publish
// it ("2 scheduled posts use this video."). Deleting cancels them with it; "Keep video" backs out.
// The count reads the posts on this device (offline too); the server cancels the same posts when
// the delete reaches it.
import { Modal, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { errorMessage } from '../../api';
import { scheduledPostsOf } from './data/video-delete';
import type { LocalVideo } from '../../store';
import { ConfirmActions } from '../../ui/ConfirmActions';
import { plural } from '../../ui/format-count';

export interface DeleteVideoModalProps {
  /** The video to delete; null: closed. */
  video: LocalVideo | null;
  onCancel: () => void;
  onConfirm: (video: LocalVideo) => Promise<void>;
}

export function DeleteVideoModal({ video, onCancel, onConfirm }: DeleteVideoModalProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Keep the words while the dialog fades out after the delete.
  const [shown, setShown] = useState<LocalVideo | null>(video);
  if (video && video !== shown) setShown(video);
  const target = video ?? shown;
  const scheduled = useLiveQuery(() => (target ? scheduledPostsOf(target.id).then((posts) => posts.length) : 0), [target?.id]);

  const close = () => {
    setFailure(null);
    onCancel();
  };
  const confirm = async () => {
    if (!video) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(video);
    } catch (error) {
      setFailure(errorMessage(error, 'The video could not be deleted on this device.'));
    } finally {
      setBusy(false);
    }
  };

  const posts = scheduled ?? 0;
  return (
    <Modal opened={video !== null} onClose={close} title="Delete video?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>“{target?.title}” will be removed from this device now, and from your account when it syncs.</Text>
        {posts > 0 ? (
          <Text fw={500}>
            {plural(posts, 'scheduled post uses', 'scheduled posts use')} this video. Deleting it cancels {posts === 1 ? 'that post' : 'those posts'}: they
            will not be published.
          </Text>
        ) : null}
        <ConfirmActions
          failure={failure}
          busy={busy || scheduled === undefined}
          confirmLabel={posts > 0 ? `Cancel ${plural(posts, 'post', 'posts')} and delete` : 'Delete video'}
          cancelLabel="Keep video"
          onCancel={close}
          onConfirm={() => void confirm()}
        />
      </Stack>
    </Modal>
  );
}
