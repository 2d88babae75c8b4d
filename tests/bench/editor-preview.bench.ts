// `npm run bench`: the editor preview's own work per frame while scrubbing — for a 60 s video of 8
// scenes (about 150 caption words), what is on screen (previewFrame) at every frame of the video,
// and what a seek while playing schedules (audioPlan). CPU of this process, as a share of a 60 Hz
// frame (16.7 ms). The browser's layout and paint come on top; they are measured with the editor
// screen. Figures only; nothing here asserts a time.
import { timelineDocument, type TimelineInput } from '../../contract';
import { audioPlan } from '../../src/features/editor/preview/audio-plan';
import { PREVIEW_FPS, previewFrame } from '../../src/features/editor/preview/preview-frame';

const SCENES = 8;
const SCENE_SECONDS = 7.5;
const WORDS_PER_SECOND = 2.5;
const FRAME_MS = 1000 / 60;
const ROUNDS = 5;

function timeline() {
  const scenes = Array.from({ length: SCENES }, (_, index) => {
    const count = Math.floor(SCENE_SECONDS * WORDS_PER_SECOND) - 1;
    const words = Array.from({ length: count }, (_, at) => ({ word: `word${at}`, start: at / WORDS_PER_SECOND, end: (at + 0.9) / WORDS_PER_SECOND }));
    const text = words.map((word) => word.word).join(' ');
    return {
      id: `s${index}`,
      text,
      recording: { asset: 'v/voice.mp3', from: index * SCENE_SECONDS, to: index * SCENE_SECONDS + SCENE_SECONDS - 0.2, text, voice: null, words },
      visual: { source: 'generated' as const, asset: `v/scene-${index}.${index % 3 === 2 ? 'mp4' : 'png'}`, kind: index % 3 === 2 ? ('video' as const) : ('image' as const), prompt: 'a scene', motion: null, trim_start: 0, attribution: null },
      duration: SCENE_SECONDS,
      captions: words,
    };
  });
  const input: TimelineInput = {
    model: 1,
    aspect_ratio: '9:16',
    language: 'en',
    art_style: 'realistic',
    voice: null,
    scenes,
    music: { track_id: '6f9619ff-8b86-4d01-b42d-00cf4fc964ff', volume: 0.25, ducking: true, fade_in: 1, fade_out: 2 },
    captions: { preset: 'bold-pop' },
    watermark: true,
    tail: 0,
  };
  return timelineDocument.parse(input);
}

function cpu(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function main() {
  const video = timeline();
  const assets = Object.fromEntries(video.scenes.map((scene) => [scene.visual.asset!, { src: `https://media.test/${scene.visual.asset}`, kind: scene.visual.kind }]));
  const frames = Math.round(60 * PREVIEW_FPS);
  let sink = 0;
  // Warm-up, so the figures are of optimised code.
  for (let frame = 0; frame < frames; frame++) sink += previewFrame(video, assets, frame / PREVIEW_FPS).sceneIndex;
  const frameMs = cpu(() => {
    for (let round = 0; round < ROUNDS; round++) for (let frame = 0; frame < frames; frame++) sink += previewFrame(video, assets, frame / PREVIEW_FPS).words.length;
  });
  const planMs = cpu(() => {
    for (let round = 0; round < ROUNDS; round++) for (let frame = 0; frame < frames; frame += 10) sink += audioPlan(video, frame / PREVIEW_FPS).clips.length;
  });
  const perFrame = frameMs / (ROUNDS * frames);
  const perPlan = planMs / (ROUNDS * Math.ceil(frames / 10));
  console.log(`60 s, ${SCENES} scenes, ${video.scenes.reduce((sum, scene) => sum + scene.captions.length, 0)} caption words`);
  console.log(`previewFrame per frame   ${(perFrame * 1000).toFixed(1).padStart(8)} µs   ${((perFrame / FRAME_MS) * 100).toFixed(2).padStart(6)} % of a 60 Hz frame`);
  console.log(`audioPlan per seek       ${(perPlan * 1000).toFixed(1).padStart(8)} µs   ${((perPlan / FRAME_MS) * 100).toFixed(2).padStart(6)} % of a 60 Hz frame`);
  if (sink === -1) console.log('');
}

main();
