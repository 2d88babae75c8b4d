// Words and numbers of the my-videos screen and the music library.
import { VIDEO_STAGE_LABELS, type VideoStage, type VideoStatus } from '../../../contract/videos';
import type { LocalVideo } from '../../store';

export const STATUS_LABELS: Record<VideoStatus, string> = {
  queued: 'Queued',
  processing: 'Rendering',
  completed: 'Ready',
  failed: 'Failed',
};

export const STATUS_COLORS: Record<VideoStatus, string> = {
  queued: 'gray',
  processing: 'blue',
  completed: 'teal',
  failed: 'red',
};

export const STAGE_STATUS_LABELS: Record<VideoStage['status'], string> = {
  pending: 'Waiting',
  running: 'In progress',
  done: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** The filter choices of the list ("in progress" = queued or rendering). */
export type StatusFilter = 'all' | 'active' | 'completed' | 'failed';
export const STATUS_FILTERS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All videos' },
  { value: 'active', label: 'In progress' },
  { value: 'completed', label: 'Ready' },
  { value: 'failed', label: 'Failed' },
];

export function matchesFilter(video: LocalVideo, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'active') return video.status === 'queued' || video.status === 'processing';
  return video.status === filter;
}

export function matchesVideoSearch(video: LocalVideo, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const settings = video.settings as { script?: string; prompt?: string };
  return [video.title, settings.prompt ?? '', settings.script ?? ''].some((text) => text.toLowerCase().includes(needle));
}

/** What the card says the video is doing now. */
export function currentStageLabel(video: LocalVideo): string {
  if (video.syncStatus === 'pending' && video.status === 'queued') return 'Starts once it reaches the server';
  if (video.status === 'completed') return 'Finished';
  if (video.status === 'failed') return video.stage ? `Stopped at: ${VIDEO_STAGE_LABELS[video.stage]}` : 'Stopped';
  if (video.stage) return VIDEO_STAGE_LABELS[video.stage];
  return 'Waiting for its turn';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

// Shared with the built-in music list (src/ui/music), which every screen may show.
export { formatSeconds } from '../../ui/format-count';

export function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });
}

