// The toast a new video raises: it follows the video's local row rather than a timer, so it says
// "queued" exactly while the video waits, "rendering" while the server makes it, and turns into
// "ready" (or the failure) as soon as a pull brings that state. It closes itself once the video is
// ready, and when the row goes away (deleted, signed out) or the creator closes it.
import { notifications } from '@mantine/notifications';
import { liveQuery } from 'dexie';
import type { LocalVideo } from '../../../store';
import { videoById } from '../data';

/** How long "Video ready" stays: long enough to read, then the card says the same. */
export const READY_TOAST_MS = 6000;

interface ToastText {
  title: string;
  message: string;
  color: string;
  loading: boolean;
  autoClose: number | false;
}

/** What the toast says about the video as its row stands. */
export function createdVideoToast(video: LocalVideo, online: boolean): ToastText {
  const name = `“${video.title}”`;
  if (video.syncStatus === 'failed') {
    return { title: 'Video not sent', message: video.syncError ?? `${name} could not be sent. Retry or discard it in My videos.`, color: 'red', loading: false, autoClose: false };
  }
  switch (video.status) {
    case 'completed':
      return { title: 'Video ready', message: `${name} is ready to play in My videos.`, color: 'teal', loading: false, autoClose: READY_TOAST_MS };
    case 'failed':
      return { title: 'Video failed', message: `${video.error ?? `${name} could not be made.`} You can restart it in My videos.`, color: 'red', loading: false, autoClose: false };
    case 'processing':
      return { title: 'Rendering your video', message: `${name} is being made. You can keep working meanwhile.`, color: 'blue', loading: true, autoClose: false };
    case 'queued':
      return {
        title: 'Video queued',
        message:
          video.syncStatus === 'synced'
            ? `The server has ${name} and starts rendering it shortly.`
            : online
              ? 'Your video is on its way to the server and will start rendering shortly.'
              : 'Saved on this device. It will be sent when you’re back online, then rendered.',
        color: 'teal',
        loading: true,
        autoClose: false,
      };
  }
}

/** A state after which the row no longer changes by itself. */
function settled(video: LocalVideo): boolean {
  return video.syncStatus === 'failed' || video.status === 'completed' || video.status === 'failed';
}

/**
 * Show the toast of the video just created (its row must already be stored) and keep it in step
 * with the row until the video is ready or failed. `online` is whether the device is online now.
 */
export function followCreatedVideo(video: LocalVideo, online: boolean): void {
  const id = `video-created-${video.id}`;
  let last = '';
  let subscription: { unsubscribe: () => void } | null = null;
  let closed = false;
  const stop = () => {
    closed = true;
    subscription?.unsubscribe();
  };
  const show = (row: LocalVideo) => {
    const text = createdVideoToast(row, online);
    const key = `${text.title}|${text.message}`;
    if (key === last) return;
    if (last === '') notifications.show({ id, withCloseButton: true, onClose: stop, ...text });
    else notifications.update({ id, ...text });
    last = key;
  };
  show(video);
  subscription = liveQuery(() => videoById(video.id)).subscribe({
    next: (row) => {
      if (closed) return;
      if (!row) {
        notifications.hide(id);
        return;
      }
      show(row);
      // The row may still change (a restart), but the toast has said what matters.
      if (settled(row)) subscription?.unsubscribe();
    },
    error: () => undefined,
  });
}
