// A small timeline as the server would answer it: three recorded scenes cut from one narration
// file (consecutive spans), stills with a camera move, music under the voice. And its response.
import { timelineDocument, type Timeline, type TimelineResponse } from '../../../contract';

const VOICE = { provider: 'builtin' as const, voice_id: 'flite-slt', speed: 1 };

function words(text: string, start = 0, each = 0.4, gap = 0.1) {
  return text.split(' ').map((word, index) => ({ word, start: Math.round((start + index * (each + gap)) * 1000) / 1000, end: Math.round((start + index * (each + gap) + each) * 1000) / 1000 }));
}

function scene(id: string, text: string, from: number) {
  const spoken = words(text);
  const length = spoken.at(-1)!.end + 0.2;
  return {
    id,
    text,
    recording: { asset: 'v/narration.mp3', from, to: Math.round((from + length) * 1000) / 1000, text, voice: VOICE, words: spoken },
    visual: { source: 'generated' as const, asset: `v/scene-${id}.png`, kind: 'image' as const, prompt: `A picture of ${text}`, motion: { pan: 'up' as const, zoom: 'in' as const, amount: 0.1 }, trim_start: 0, attribution: null },
    duration: Math.round((length + 0.5) * 1000) / 1000,
    captions: spoken.map((word) => ({ ...word })),
  };
}

export function sampleTimeline(): Timeline {
  const first = scene('a', 'Octopuses have three hearts and blue blood', 0);
  const second = scene('b', 'Two hearts pump blood to the gills', first.recording.to);
  const third = scene('c', 'The third one feeds the rest of the body', second.recording.to);
  return timelineDocument.parse({
    model: 1,
    aspect_ratio: '9:16',
    language: 'english',
    art_style: 'cinematic',
    voice: VOICE,
    scenes: [first, second, third],
    music: { track_id: '7d0f3c0e-8f7e-4d7b-9d2f-2b7a8f3e1c55', title: 'Deep blue', volume: 0.25, ducking: true, fade_in: 1, fade_out: 2 },
    captions: { preset: 'bold-pop' },
    watermark: false,
    tail: 1,
  });
}

export function timelineResponse(timeline: Timeline, revision: number, videoId = 'video-1'): TimelineResponse {
  return {
    video_id: videoId,
    revision,
    timeline,
    assets: { 'v/narration.mp3': { src: `/media/narration.mp3?sig=${revision}`, kind: 'audio' } },
    music_src: null,
    versions: [],
    price: { credits: 0, revoice: [], visuals: [], changed: false },
    picture_service: 'Built-in visuals (procedural, not AI)',
    updated_at: '2026-11-20T10:00:00.000Z',
  };
}
