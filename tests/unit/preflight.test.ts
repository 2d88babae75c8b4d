// The shared pre-flight rules: contract/preflight.ts per platform at
// and around each limit (shared/reference/platforms.md §1–3), the configurable limits, the plain
// "what to fix" messages, and the doubles (same video on an account, posts closer than the gap).
import { describe, expect, it } from 'vitest';
import {
  describeIssue,
  durationText,
  findDoubles,
  preflight,
  youtubeTagsLength,
  type ExistingPost,
  type PreflightIssue,
  type PreflightOptions,
  type PreflightVideo,
} from '../../contract/preflight';

/** Our renders: vertical 1080×1920, 30 fps H.264/AAC MP4. */
const render: PreflightVideo = { duration: 42, width: 1080, height: 1920, size_bytes: 20 * 1024 * 1024, fps: 30, video_codec: 'h264', audio_codec: 'aac', container: 'mp4' };
const youtube = (options: PreflightOptions['youtube'] = {}): PreflightOptions => ({ youtube: { title: 'Octopus facts', made_for_kids: false, ...options } });
const tiktok: PreflightOptions = { tiktok: { privacy_level: 'PUBLIC_TO_EVERYONE' } };
const messages = (issues: PreflightIssue[], severity: PreflightIssue['severity'] = 'error') => issues.filter((issue) => issue.severity === severity).map((issue) => issue.message);

describe('YouTube rules', () => {
  it('passes a fitting Short with no issue at all', () => {
    expect(preflight(render, 'youtube', youtube(), '')).toEqual([]);
  });

  it('title: required, at most 100 characters (100 passes, 101 does not), no < or >', () => {
    expect(preflight(render, 'youtube', youtube({ title: 'a'.repeat(100) }), '')).toEqual([]);
    expect(preflight(render, 'youtube', youtube({ title: 'a'.repeat(112) }), '')).toEqual([
      { platform: 'youtube', field: 'options.youtube.title', severity: 'error', message: 'Shorten the title to 100 characters (it has 112).' },
    ]);
    expect(messages(preflight(render, 'youtube', youtube({ title: '   ' }), ''))).toEqual(['Write a title (YouTube requires one).']);
    expect(messages(preflight(render, 'youtube', {}, ''))).toContain('Write a title (YouTube requires one).');
    expect(messages(preflight(render, 'youtube', youtube({ title: 'a <b>' }), ''))).toEqual(['Remove < and > from the title (YouTube does not allow them).']);
  });

  it('description: counted in UTF-8 bytes (5000 pass, 5001 do not); tags: 500 characters with quotes around spaced tags', () => {
    expect(preflight(render, 'youtube', youtube({ description: 'a'.repeat(5000) }), '')).toEqual([]);
    expect(messages(preflight(render, 'youtube', youtube({ description: 'é'.repeat(2501) }), ''))).toEqual([
      'Shorten the description to 5000 bytes (it has 5002; accented letters and emoji count 2–4 each).',
    ]);
    expect(youtubeTagsLength(['a b', 'c'])).toBe(7);
    const fits = Array.from({ length: 50 }, () => 'abcdefghi'); // 50×9 + 49 commas = 499
    expect(youtubeTagsLength(fits)).toBe(499);
    expect(preflight(render, 'youtube', youtube({ tags: fits }), '')).toEqual([]);
    expect(preflight(render, 'youtube', youtube({ tags: [...fits.slice(1), 'abcdefghi j'] }), '')[0]).toMatchObject({ field: 'options.youtube.tags', severity: 'error' });
  });

  it('made for kids must be answered (the contract defaults it to false; a missing answer is an error)', () => {
    expect(preflight(render, 'youtube', { youtube: { title: 'Hi' } }, '')).toEqual([
      { platform: 'youtube', field: 'options.youtube.made_for_kids', severity: 'error', message: 'Say whether the video is made for kids (YouTube requires the answer).' },
    ]);
  });

  it('Shorts: upright and ≤180 s is a Short; landscape or longer becomes a regular video (a warning)', () => {
    expect(preflight({ ...render, duration: 180 }, 'youtube', youtube(), '')).toEqual([]);
    expect(preflight({ ...render, width: 1080, height: 1080 }, 'youtube', youtube(), '')).toEqual([]);
    expect(messages(preflight({ ...render, duration: 181 }, 'youtube', youtube(), ''), 'warning')).toEqual(['It is longer than 3 min, so YouTube posts it as a regular video, not a Short.']);
    expect(messages(preflight({ ...render, width: 1920, height: 1080 }, 'youtube', youtube(), ''), 'warning')).toEqual(['It is landscape, so YouTube posts it as a regular video, not a Short.']);
    expect(messages(preflight({ ...render, duration: 181 }, 'youtube', youtube(), '', { youtubeShortsMaxSeconds: 240 }), 'warning')).toEqual([]);
  });

  it('size: at most 256 GB', () => {
    expect(preflight({ ...render, size_bytes: 256 * 1024 ** 3 }, 'youtube', youtube(), '')).toEqual([]);
    expect(messages(preflight({ ...render, size_bytes: 256 * 1024 ** 3 + 1 }, 'youtube', youtube(), ''))).toEqual(['Use a smaller file: at most 256 GB (this one is 256 GB).']);
  });
});

describe('TikTok rules', () => {
  it('passes our render with a privacy level chosen', () => {
    expect(preflight(render, 'tiktok', tiktok, 'Hello')).toEqual([]);
  });

  it('privacy level: required, and one of the creator’s options when known', () => {
    expect(preflight(render, 'tiktok', {}, '')).toEqual([{ platform: 'tiktok', field: 'options.tiktok.privacy_level', severity: 'error', message: 'Choose who can see the post (TikTok requires the choice).' }]);
    expect(messages(preflight(render, 'tiktok', tiktok, '', { tiktokPrivacyLevels: ['SELF_ONLY', 'MUTUAL_FOLLOW_FRIENDS'] }))).toEqual([
      'This account cannot post to “Everyone”; choose “Only me” or “Friends”.',
    ]);
  });

  it('caption: 2200 UTF-16 units (an emoji counts 2)', () => {
    expect(preflight(render, 'tiktok', tiktok, 'a'.repeat(2200))).toEqual([]);
    expect(preflight(render, 'tiktok', tiktok, `${'a'.repeat(2199)}🐙`)[0]).toMatchObject({ field: 'caption', message: 'Shorten the caption to 2200 characters (it has 2201).' });
  });

  it('duration: at most 10 min, and at most the creator’s maximum when known', () => {
    expect(preflight({ ...render, duration: 600 }, 'tiktok', tiktok, '')).toEqual([]);
    expect(messages(preflight({ ...render, duration: 601 }, 'tiktok', tiktok, ''))).toEqual(['Use a video of at most 10 min: TikTok takes no longer (this one is 10 min 01 s).']);
    expect(messages(preflight({ ...render, duration: 61 }, 'tiktok', tiktok, '', { tiktokCreatorMaxSeconds: 60 }))).toEqual([
      'Use a video of at most 1 min: this account may post no longer (this one is 1 min 01 s).',
    ]);
  });

  it('each side 360–4096 px, 23–60 fps, a container and codec TikTok takes', () => {
    expect(preflight({ ...render, width: 360, height: 4096 }, 'tiktok', tiktok, '')).toEqual([]);
    expect(messages(preflight({ ...render, width: 359, height: 640 }, 'tiktok', tiktok, ''))).toEqual(['Use a video whose sides are 360–4096 pixels (this one is 359×640).']);
    expect(messages(preflight({ ...render, width: 2160, height: 4097 }, 'tiktok', tiktok, ''))).toHaveLength(1);
    expect(preflight({ ...render, fps: 23 }, 'tiktok', tiktok, '')).toEqual([]);
    expect(preflight({ ...render, fps: 60 }, 'tiktok', tiktok, '')).toEqual([]);
    expect(messages(preflight({ ...render, fps: 22 }, 'tiktok', tiktok, ''))).toEqual(['Use a video of 23–60 frames per second (this one has 22).']);
    expect(messages(preflight({ ...render, fps: 61 }, 'tiktok', tiktok, ''))).toHaveLength(1);
    expect(messages(preflight({ ...render, container: 'avi', video_codec: 'mpeg4' }, 'tiktok', tiktok, ''))).toEqual([
      'Use an MP4, MOV or WebM file (this one is AVI).',
      'Use a video encoded as H.264 (this one is MPEG4).',
    ]);
  });

  it('unknown facts are not checked', () => {
    expect(preflight({ duration: null, width: null, height: null }, 'tiktok', tiktok, '')).toEqual([]);
  });
});

describe('Instagram Reels rules', () => {
  it('passes our 9:16 render', () => {
    expect(preflight(render, 'instagram', {}, 'Hello')).toEqual([]);
  });

  it('duration 3 s–15 min (both ends pass)', () => {
    expect(preflight({ ...render, duration: 3 }, 'instagram', {}, '')).toEqual([]);
    expect(preflight({ ...render, duration: 900 }, 'instagram', {}, '')).toEqual([]);
    expect(messages(preflight({ ...render, duration: 2.4 }, 'instagram', {}, ''))).toEqual(['Use a video of at least 3 s (this one is 2 s).']);
    expect(messages(preflight({ ...render, duration: 901 }, 'instagram', {}, ''))).toEqual(['Use a video of at most 15 min (this one is 15 min 01 s).']);
  });

  it('width at most 1920 px, 23–60 fps, caption 2200', () => {
    expect(messages(preflight({ ...render, width: 1920, height: 3413 }, 'instagram', {}, ''))).toEqual([]);
    expect(messages(preflight({ ...render, width: 2160, height: 3840 }, 'instagram', {}, ''))).toEqual(['Use a video at most 1920 pixels wide (this one is 2160).']);
    expect(messages(preflight({ ...render, fps: 20 }, 'instagram', {}, ''))).toEqual(['Use a video of 23–60 frames per second (this one has 20).']);
    expect(messages(preflight(render, 'instagram', {}, 'a'.repeat(2201)))).toEqual(['Shorten the caption to 2200 characters (it has 2201).']);
  });

  it('size: at most the configured maximum (300 MB by default)', () => {
    const mb = 1024 * 1024;
    expect(preflight({ ...render, size_bytes: 300 * mb }, 'instagram', {}, '')).toEqual([]);
    expect(messages(preflight({ ...render, size_bytes: 300 * mb + 1 }, 'instagram', {}, ''))).toEqual(['Use a smaller file: at most 300 MB (this one is 301 MB).']);
    expect(preflight({ ...render, size_bytes: 500 * mb }, 'instagram', {}, '', { instagramMaxBytes: 1024 * mb })).toEqual([]);
  });

  it('H.264 (or HEVC) with AAC sound in MP4/MOV', () => {
    expect(preflight({ ...render, video_codec: 'hevc', container: 'mov' }, 'instagram', {}, '')).toEqual([]);
    expect(messages(preflight({ ...render, video_codec: 'vp9', audio_codec: 'opus', container: 'webm' }, 'instagram', {}, ''))).toEqual([
      'Use an MP4 or MOV file (this one is WEBM).',
      'Use a video encoded as H.264 (this one is VP9).',
      'Use a video whose sound is AAC (this one is OPUS).',
    ]);
  });

  it('not 9:16 is a warning, not an error', () => {
    const issues = preflight({ ...render, width: 1080, height: 1080 }, 'instagram', {}, '');
    expect(issues).toEqual([
      { platform: 'instagram', field: 'video_id', severity: 'warning', message: 'It is not 9:16, so Instagram shows it with bars or cropped; vertical 9:16 fills the screen.' },
    ]);
  });
});

describe('wording', () => {
  it('names the platform and keeps the sentence', () => {
    expect(describeIssue({ platform: 'youtube', message: 'Shorten the title to 100 characters (it has 112).' })).toBe('YouTube: shorten the title to 100 characters (it has 112).');
    expect(durationText(42)).toBe('42 s');
    expect(durationText(180)).toBe('3 min');
    expect(durationText(665)).toBe('11 min 05 s');
  });

  it('lists errors before warnings', () => {
    const issues = preflight({ ...render, width: 1920, height: 1080 }, 'youtube', youtube({ title: '' }), '');
    expect(issues.map((issue) => issue.severity)).toEqual(['error', 'warning']);
  });
});

describe('doubles', () => {
  const A = 'account-a';
  const B = 'account-b';
  const at = '2030-06-04T10:00:00.000Z';
  const post = (id: string, video: string, when: string, account = A, status = 'scheduled'): ExistingPost => ({ id, video_id: video, at: when, targets: [{ account_id: account, account_name: account === A ? 'My channel' : 'Other', status }] });
  const candidate = { id: 'new', video_id: 'v1', account_ids: [A], at };
  const format = (iso: string) => iso.slice(11, 16);

  it('the same video already scheduled or published on the account', () => {
    const warnings = findDoubles(candidate, [post('p1', 'v1', '2030-06-01T10:00:00.000Z'), post('p2', 'v1', '2030-05-01T08:00:00.000Z', A, 'published')], 60, format);
    expect(warnings.map((warning) => [warning.kind, warning.status, warning.message])).toEqual([
      ['same_video', 'scheduled', 'This video is already scheduled on My channel for 10:00.'],
      ['same_video', 'published', 'This video was already published on My channel on 08:00.'],
    ]);
  });

  it('ignores other accounts, failed and draft targets, and the post itself', () => {
    expect(findDoubles(candidate, [post('p1', 'v1', at, B), post('p2', 'v1', at, A, 'failed'), post('p3', 'v1', at, A, 'draft'), post('new', 'v1', at)], 60, format)).toEqual([]);
  });

  it('another video within the gap warns; at the gap or beyond it does not; a gap of 0 turns it off', () => {
    const close = post('p1', 'v2', '2030-06-04T10:59:59.000Z');
    expect(findDoubles(candidate, [close], 60, format).map((warning) => warning.message)).toEqual(['Another post goes to My channel at 10:59, less than 60 min apart.']);
    expect(findDoubles(candidate, [post('p1', 'v2', '2030-06-04T11:00:00.000Z')], 60, format)).toEqual([]);
    expect(findDoubles(candidate, [post('p1', 'v2', '2030-06-04T09:00:00.001Z')], 60, format)).toHaveLength(1);
    expect(findDoubles(candidate, [close], 0, format)).toEqual([]);
  });
});
