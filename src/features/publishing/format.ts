// Words and colours of the publish screen: post and target statuses, failed-job kinds, YouTube
// categories, and the pre-flight line about the video's shape.
import { PLATFORM_LABELS, POST_STATUS_LABELS, type PostStatus, type SocialPlatform, type TargetStatus } from '../../../contract/publishing';
import type { LocalPost, PublishVideoRow } from '../../store';

export { POST_STATUS_LABELS, PLATFORM_LABELS };

/** The steps a post and each of its targets share, in the same colours (a post card shows both). */
const STEP_COLORS = { draft: 'gray', scheduled: 'blue', publishing: 'indigo', published: 'teal', failed: 'red' } as const;

export const POST_STATUS_COLORS: Record<PostStatus, string> = { ...STEP_COLORS, partially_published: 'orange' };

/** A target's words: the post's for the steps they share, and its own for waiting on a reconnect. */
const { partially_published: _postOnly, ...STEP_LABELS } = POST_STATUS_LABELS;
export const TARGET_STATUS_LABELS: Record<TargetStatus, string> = { ...STEP_LABELS, blocked: 'Waiting for reconnect' };

export const TARGET_STATUS_COLORS: Record<TargetStatus, string> = { ...STEP_COLORS, blocked: 'orange' };

/** A few common YouTube categories (the id is what the API takes). */
export const YOUTUBE_CATEGORIES: Array<{ value: string; label: string }> = [
  { value: '22', label: 'People & Blogs' },
  { value: '24', label: 'Entertainment' },
  { value: '27', label: 'Education' },
  { value: '28', label: 'Science & Technology' },
  { value: '26', label: 'Howto & Style' },
  { value: '23', label: 'Comedy' },
  { value: '10', label: 'Music' },
  { value: '17', label: 'Sports' },
  { value: '20', label: 'Gaming' },
  { value: '1', label: 'Film & Animation' },
  { value: '15', label: 'Pets & Animals' },
  { value: '19', label: 'Travel & Events' },
];

export const PRIVACY_OPTIONS = [
  { value: 'public', label: 'Public' },
  { value: 'unlisted', label: 'Unlisted' },
  { value: 'private', label: 'Private' },
];

export const CAPTION_MAX = 2200;
export const YOUTUBE_TITLE_MAX = 100;
export const YOUTUBE_DESCRIPTION_MAX = 5000;
/** YouTube classifies square or vertical uploads up to 3 minutes as Shorts (reference/platforms.md). */
export const SHORTS_MAX_SECONDS = 180;

export function platformLabel(platform: SocialPlatform): string {
  return PLATFORM_LABELS[platform] ?? platform;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** "9:16", "1:1", "16:9" — or "1080×1350" when the shape has no short name. */
export function aspectLabel(width: number, height: number): string {
  const divisor = gcd(width, height);
  const [w, h] = [width / divisor, height / divisor];
  if (w <= 32 && h <= 32) return `${w}:${h}`;
  const known: Array<[number, string]> = [
    [9 / 16, '9:16'],
    [1, '1:1'],
    [4 / 5, '4:5'],
    [16 / 9, '16:9'],
  ];
  const match = known.find(([ratio]) => Math.abs(width / height - ratio) < 0.01);
  return match ? match[1] : `${width}×${height}`;
}

export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** "9:16, 42 s — fits YouTube Shorts (≤ 3 min)" (or why it will be a regular video). */
export function videoPreflight(video: Pick<PublishVideoRow, 'width' | 'height' | 'duration'>, youtube: boolean): string {
  const shape = video.width && video.height ? aspectLabel(video.width, video.height) : null;
  const length = video.duration ? formatDuration(video.duration) : null;
  const facts = [shape, length].filter(Boolean).join(', ') || 'Size and length not known yet';
  if (!youtube) return facts;
  if (!video.width || !video.height || !video.duration) return `${facts} — YouTube decides whether it is a Short`;
  const upright = video.height >= video.width;
  if (upright && video.duration <= SHORTS_MAX_SECONDS) return `${facts} — fits YouTube Shorts (≤ 3 min)`;
  if (!upright) return `${facts} — landscape: posted as a regular YouTube video, not a Short`;
  return `${facts} — longer than 3 min: posted as a regular YouTube video, not a Short`;
}

/** What the search box matches: caption, titles, account names. */
export function matchesPostSearch(post: LocalPost, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [post.caption, post.video?.title ?? '', post.options?.youtube?.title ?? '', ...post.targets.map((target) => target.account_name)];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

