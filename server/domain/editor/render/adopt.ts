// When a version finishes, what it recorded and drew is written into the saved timeline too, so
// the editor shows the new voice and pictures and the next render does not make them again. Only
// where the saved scene still asks for exactly that (the same line and voice, the same picture
// request): an edit made while the version rendered is never overwritten.
import { needsRecording, needsVisual, normaliseNarration, sameVoice, type Timeline } from '../../../../contract/timeline';

/** The saved timeline with the version's new media adopted, or null when nothing applies. */
export function adoptMadeMedia(saved: Timeline | null, rendered: Timeline): Timeline | null {
  if (!saved) return null;
  const made = new Map(rendered.scenes.map((scene) => [scene.id, scene]));
  let changed = false;
  const scenes = saved.scenes.map((scene) => {
    const render = made.get(scene.id);
    if (!render) return scene;
    let next = scene;
    const recording = render.recording;
    if (needsRecording(scene, saved.voice) && recording && normaliseNarration(recording.text) === normaliseNarration(scene.text) && sameVoice(recording.voice, saved.voice)) {
      next = { ...next, recording, captions: render.captions, duration: render.duration };
    }
    const sameRequest = render.visual.source === scene.visual.source && render.visual.prompt === scene.visual.prompt;
    if (needsVisual(scene) && render.visual.asset && sameRequest) next = { ...next, visual: render.visual };
    if (next !== scene) changed = true;
    return next;
  });
  return changed ? { ...saved, scenes } : null;
}
