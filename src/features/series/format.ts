// How the series screens name states: the series' badge (draft, active, paused, needs attention)
// and each episode's, in the app's colours. No React.
import { EPISODE_STATUS_LABELS, type EpisodeStatus, type Series } from '../../../contract';

export interface BadgeLook {
  label: string;
  color: string;
}

/** A series' state in one word or two: a series paused by a problem says it needs attention. */
export function seriesBadge(series: Pick<Series, 'status' | 'attention'>): BadgeLook {
  if (series.attention) return { label: 'Needs attention', color: 'red' };
  if (series.status === 'active') return { label: 'Active', color: 'teal' };
  if (series.status === 'paused') return { label: 'Paused', color: 'gray' };
  return { label: 'Draft', color: 'blue' };
}

const EPISODE_COLORS: Record<EpisodeStatus, string> = {
  planned: 'gray',
  writing: 'blue',
  rendering: 'blue',
  awaiting_review: 'yellow',
  scheduled: 'violet',
  published: 'teal',
  skipped: 'orange',
  failed: 'red',
};

export function episodeBadge(status: EpisodeStatus): BadgeLook {
  return { label: EPISODE_STATUS_LABELS[status], color: EPISODE_COLORS[status] };
}

/** The browser's own zone (a draft without one is shown in it). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const PLATFORM_NAMES: Record<string, string> = { youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' };

export function platformName(platform: string): string {
  return PLATFORM_NAMES[platform] ?? platform;
}
