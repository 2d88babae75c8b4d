// The background tracks that ship with Reelflow: composed from code by the server's built-in
// composer (server/media/music), listed here so the client shows them offline and the create
// request can name them. Ids are fixed forever (a video's settings keep them); a track's sound is
// fixed by its mood, seed, tempo and key plus the composer's version.
import { z } from 'zod';

export const MUSIC_MOODS = ['calm', 'upbeat', 'dramatic', 'lofi', 'inspiring', 'mysterious'] as const;
export type MusicMood = (typeof MUSIC_MOODS)[number];

export const MUSIC_MOOD_LABELS: Record<MusicMood, string> = {
  calm: 'Calm',
  upbeat: 'Upbeat',
  dramatic: 'Dramatic',
  lofi: 'Lo-fi',
  inspiring: 'Inspiring',
  mysterious: 'Mysterious',
};

/** Every built-in track is this many 4/4 bars long and loops seamlessly. */
export const BUILTIN_MUSIC_BARS = 16;
/** Seconds of a built-in track's preview. */
export const BUILTIN_MUSIC_PREVIEW_SECONDS = 15;
export const BUILTIN_MUSIC_LICENCE = 'Reelflow built-in composer (the app’s own work, free to use in your videos)';

export interface BuiltinMusicTrack {
  id: string;
  title: string;
  mood: MusicMood;
  /** Beats per minute. */
  bpm: number;
  /** MIDI note of the key's tonic (57 = A3). */
  tonic: number;
  /** Chooses the progression, voicings and patterns within the mood. */
  seed: number;
}

const track = (id: string, title: string, mood: MusicMood, bpm: number, tonic: number, seed: number): BuiltinMusicTrack => ({ id, title, mood, bpm, tonic, seed });

export const BUILTIN_MUSIC: readonly BuiltinMusicTrack[] = [
  track('704c5936-52d5-4097-af9e-ccc4e496951f', 'Morning Haze', 'calm', 68, 60, 1),
  track('edf50a80-1e8b-48ac-9767-ed22ce298fe2', 'Still Water', 'calm', 64, 57, 2),
  track('5d9b3494-7ea4-4b04-880d-e492c9f5dc17', 'Slow Tide', 'calm', 72, 62, 3),
  track('acdf2382-f9fd-43e2-84c3-1948916149da', 'Paper Lanterns', 'calm', 70, 65, 4),
  track('4dc3f181-537e-4298-a94d-9f6fc2bba6e6', 'Soft Landing', 'calm', 66, 55, 5),
  track('af86b049-f64d-47fe-b20d-1d265bf332e6', 'Bright Side', 'upbeat', 118, 60, 6),
  track('ba75818a-c36f-407a-9bd2-ee03b7d56f92', 'Weekend Run', 'upbeat', 122, 62, 7),
  track('93dc2f5a-476d-4842-b859-1c33f903e3d6', 'Sunny Loop', 'upbeat', 114, 57, 8),
  track('b0c77cb1-b56f-47d8-a56e-1a4443a2829d', 'Pop Fizz', 'upbeat', 120, 64, 9),
  track('9e46f856-9307-4245-a9ab-0a66a2ee3045', 'Good News', 'upbeat', 116, 55, 10),
  track('65c4f361-e1d9-4eb8-b875-c2c58e790d07', 'Rising Storm', 'dramatic', 84, 57, 11),
  track('14ae238b-d01f-4b94-9b61-82327e018574', 'Last Stand', 'dramatic', 78, 52, 12),
  track('03c774e8-b260-4c19-ab57-943f19a64a79', 'Iron Sky', 'dramatic', 88, 55, 13),
  track('4f4b765e-3df1-4413-82e8-79d0ba931f25', 'Deep Stakes', 'dramatic', 80, 50, 14),
  track('88f79a6c-686f-424a-889a-7564a8c9d90e', 'The Reveal', 'dramatic', 86, 53, 15),
  track('380755fd-1050-4b11-badf-2ea714a2e42d', 'Late Study', 'lofi', 78, 60, 16),
  track('65dad1bd-87c5-4549-8327-a2fe4df5eee0', 'Rainy Window', 'lofi', 74, 57, 17),
  track('3ae91b28-1532-4d1d-bc4e-7b08a3e32ce4', 'Coffee Steam', 'lofi', 82, 62, 18),
  track('40f1ee2b-f302-434b-881a-610d92424a18', 'Tape Dust', 'lofi', 76, 55, 19),
  track('fbc4e47f-be07-48e6-90c9-c4bb07442f74', 'Night Bus', 'lofi', 80, 53, 20),
  track('0b57ada6-9214-4600-9179-74af3bcecf24', 'First Light', 'inspiring', 100, 60, 21),
  track('1e539c14-c913-49f3-aa5b-20f3b24ea8fe', 'Open Road', 'inspiring', 104, 62, 22),
  track('5117799e-e5a1-4672-a5cf-ed0829ec43dd', 'New Chapter', 'inspiring', 96, 57, 23),
  track('8029b339-46dc-448c-aed5-9c1a1e04fc1c', 'Summit', 'inspiring', 108, 55, 24),
  track('8b2e129b-4168-4d85-a3d7-70646efeb3d2', 'Lift Off', 'inspiring', 102, 64, 25),
  track('119c7805-b6f5-42c3-9579-f2f2259bb3fc', 'Hidden Room', 'mysterious', 76, 57, 26),
  track('16d598dd-c3fd-4ce0-a704-3b3c67adf7b8', 'Cold Case', 'mysterious', 72, 52, 27),
  track('8838fff5-667a-4de7-a836-a95f35975fa6', 'Fog Lights', 'mysterious', 80, 55, 28),
  track('a4d859de-4bf2-4c61-bace-84150f5c0e49', 'Old Map', 'mysterious', 74, 50, 29),
  track('bcce495f-7f30-4d6a-bb3a-c5aacd2942d3', 'Whisper Net', 'mysterious', 78, 53, 30),
];

const byId = new Map(BUILTIN_MUSIC.map((entry) => [entry.id, entry]));

export function builtinMusicTrack(id: string): BuiltinMusicTrack | undefined {
  return byId.get(id);
}

/** Seconds of one loop of a built-in track. */
export function builtinMusicDuration(entry: Pick<BuiltinMusicTrack, 'bpm'>): number {
  return (BUILTIN_MUSIC_BARS * 4 * 60) / entry.bpm;
}

/** Where a browser fetches a built-in track's preview (a public route: the tracks are nobody's private data). */
export function builtinMusicPreviewPath(id: string): string {
  return `/api/builtin-music/${id}/preview`;
}

/** `music.track_id` of the create request: a track's UUID (built-in or the creator's) or 'auto'. */
export const AUTO_MUSIC = 'auto';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const musicTrackChoice = z
  .string({ message: 'The music track id must be a valid UUID or "auto".' })
  .refine((value) => value === AUTO_MUSIC || UUID.test(value), 'The music track id must be a valid UUID or "auto".');
