// A three-scene timeline for the editor's preview tests: scene a (a still, current voice), scene b
// (a clip, current voice), scene c (a still with the built-in art's headline); each recorded from
// one narration file. Tests change one thing of it at a time.
import { timelineDocument, type Timeline, type TimelineInput } from '../../../contract';

const words = (text: string, start: number, step: number) => text.split(' ').map((word, index) => ({ word, start: start + index * step, end: start + index * step + step * 0.9 }));

export function previewTimeline(change?: (input: TimelineInput) => void): Timeline {
  const input: TimelineInput = {
    model: 1,
    aspect_ratio: '9:16',
    language: 'en',
    art_style: 'realistic',
    voice: null,
    scenes: [
      {
        id: 'a',
        text: 'Octopuses have three hearts',
        recording: { asset: 'v/voice.mp3', from: 0, to: 1.8, text: 'Octopuses have three hearts', voice: null, words: words('Octopuses have three hearts', 0.1, 0.4) },
        visual: { source: 'generated', asset: 'v/scene-0.png', kind: 'image', prompt: 'an octopus', motion: null, trim_start: 0, attribution: null },
        duration: 2,
        captions: words('Octopuses have three hearts', 0.1, 0.4),
      },
      {
        id: 'b',
        text: 'and blue blood',
        recording: { asset: 'v/voice.mp3', from: 1.8, to: 3, text: 'and blue blood', voice: null, words: words('and blue blood', 0.05, 0.35) },
        visual: { source: 'stock', asset: 'v/scene-1.mp4', kind: 'video', prompt: 'blue water', motion: null, trim_start: 1.5, attribution: 'Someone on Pexels' },
        duration: 3,
        captions: words('and blue blood', 0.05, 0.35),
      },
      {
        id: 'c',
        text: 'that keeps them alive',
        recording: { asset: 'v/voice.mp3', from: 3, to: 4.2, text: 'that keeps them alive', voice: null, words: words('that keeps them alive', 0.05, 0.28) },
        visual: {
          source: 'generated',
          asset: 'v/scene-2.png',
          kind: 'image',
          prompt: 'deep ocean',
          motion: { pan: 'right', zoom: 'in', amount: 0.1 },
          trim_start: 0,
          headline: { text: 'ALIVE', style: 'realistic', font: 'Anton', x: 0.5, y: 0.3, align: 'center', size: 0.05, tracking: 0.001, width: 0.4, ink: '#FFFFFF', accent: '#FF0000' },
          attribution: null,
        },
        duration: 2.5,
        captions: words('that keeps them alive', 0.05, 0.28),
      },
    ],
    music: { track_id: '6f9619ff-8b86-4d01-b42d-00cf4fc964ff', volume: 0.25, ducking: true, fade_in: 1, fade_out: 2 },
    captions: { preset: 'bold-pop' },
    watermark: true,
    tail: 0.5,
  };
  change?.(input);
  return timelineDocument.parse(input);
}

export const PREVIEW_ASSETS = {
  'v/voice.mp3': { src: 'https://media.test/voice.mp3?sig=1', kind: 'audio' },
  'v/scene-0.png': { src: 'https://media.test/scene-0.png?sig=1', kind: 'image' },
  'v/scene-1.mp4': { src: 'https://media.test/scene-1.mp4?sig=1', kind: 'video' },
  'v/scene-2.png': { src: 'https://media.test/scene-2.png?sig=1', kind: 'image' },
} as const;
