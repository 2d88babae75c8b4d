// One PreviewAudio per player (made after mount, closed on unmount) and the decoding state of the
// sound the timeline needs: every current recording and the music, each decoded once.
import { useEffect, useMemo, useState } from 'react';
import { needsRecording, type Timeline } from '../../../../contract';
import type { PreviewAssets } from './preview-frame';
import { PreviewAudio } from './preview-audio';

export type SoundState = 'loading' | 'ready' | 'failed';

/** The URLs of the sound a timeline plays (recordings of scenes whose voice is current, and the music). */
export function soundSources(timeline: Timeline, assets: PreviewAssets, musicSrc: string | null): string[] {
  const sources = new Set<string>();
  for (const scene of timeline.scenes) {
    if (!scene.recording || needsRecording(scene, timeline.voice)) continue;
    const src = assets[scene.recording.asset]?.src;
    if (src) sources.add(src);
  }
  if (timeline.music && timeline.music.volume > 0 && musicSrc) sources.add(musicSrc);
  return [...sources];
}

export function usePreviewAudio(timeline: Timeline, assets: PreviewAssets, musicSrc: string | null) {
  const [audio, setAudio] = useState<PreviewAudio | null>(null);
  const [states, setStates] = useState<Readonly<Record<string, SoundState>>>({});
  const sources = useMemo(() => soundSources(timeline, assets, musicSrc), [timeline, assets, musicSrc]);
  const key = sources.join('\n');

  useEffect(() => {
    const created = new PreviewAudio();
    setAudio(created);
    return () => created.close();
  }, []);

  useEffect(() => {
    if (!audio) return;
    let live = true;
    const wanted = key === '' ? [] : key.split('\n');
    setStates((previous) => Object.fromEntries(wanted.map((src) => [src, previous[src] === 'ready' || previous[src] === 'failed' ? previous[src] : 'loading'])));
    for (const src of wanted) {
      audio.load(src).then(
        () => live && setStates((previous) => ({ ...previous, [src]: 'ready' })),
        () => live && setStates((previous) => ({ ...previous, [src]: 'failed' })),
      );
    }
    return () => {
      live = false;
    };
  }, [audio, key]);

  const loading = sources.some((src) => (states[src] ?? 'loading') === 'loading');
  return { audio, states, loading };
}
