// The preview's sound, on Web Audio: each recording and the music are fetched and decoded once
// (cached by URL for the player's life), then a play schedules the plan's clips on the context's
// clock, the music as a looping source under a gain automated from the plan, and stand-in scenes
// through the browser's speech. The context's clock is the preview's clock while playing, so the
// picture follows the sound, not the other way round. A pause or a seek stops everything; the next
// play schedules afresh from the new moment.
import type { AudioPlan } from './audio-plan';

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  const scope = globalThis as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

/** A little ahead of "now", so the first clip's start is not already in the past when it is scheduled. */
const LEAD_SECONDS = 0.05;

export interface PlaySources {
  /** The URL of a recording asset (null: not available, played as silence). */
  recording: (asset: string) => string | null;
  music: string | null;
  language: string;
}

export class PreviewAudio {
  private readonly context: AudioContext | null;
  private readonly buffers = new Map<string, Promise<AudioBuffer>>();
  private readonly decoded = new Map<string, AudioBuffer>();
  private sources: AudioScheduledSourceNode[] = [];
  private timers: number[] = [];
  /** The context time (or performance time without Web Audio) that maps to video time `videoAt`. */
  private origin: { at: number; videoAt: number } | null = null;
  /** Whether the context's clock runs (a browser may keep it suspended): else the page's clock is used, silently. */
  private contextClock = false;
  /** Bumped by every start and stop: a start that resumed the context after a later call schedules nothing. */
  private generation = 0;

  constructor() {
    const Context = audioContextClass();
    try {
      this.context = Context ? new Context() : null;
    } catch {
      this.context = null;
    }
  }

  /** Fetches and decodes `src` once; rejects when it cannot be loaded or decoded. */
  load(src: string): Promise<AudioBuffer> {
    let pending = this.buffers.get(src);
    if (!pending) {
      const context = this.context;
      pending = context
        ? fetch(src)
            .then((response) => {
              if (!response.ok) throw new Error(`The audio could not be loaded (HTTP ${response.status}).`);
              return response.arrayBuffer();
            })
            .then((data) => context.decodeAudioData(data))
            .then((buffer) => {
              this.decoded.set(src, buffer);
              return buffer;
            })
        : Promise.reject(new Error('This browser cannot play the preview’s sound.'));
      // A failure is kept (the same URL would fail again); a new signed URL is a new key.
      pending.catch(() => undefined);
      this.buffers.set(src, pending);
    }
    return pending;
  }

  /** Starts the plan now (the context resumed first: the call comes from the creator's tap or key). */
  async start(plan: AudioPlan, sources: PlaySources): Promise<void> {
    this.stop();
    const generation = this.generation;
    const context = this.context;
    if (context && context.state === 'suspended') await context.resume().catch(() => undefined);
    if (generation !== this.generation) return;
    this.contextClock = context?.state === 'running';
    const at = this.clock() + LEAD_SECONDS;
    this.origin = { at, videoAt: plan.from };
    if (context && this.contextClock) this.schedule(context, plan, sources, at);
    this.speak(plan, sources.language);
  }

  private schedule(context: AudioContext, plan: AudioPlan, sources: PlaySources, at: number): void {
    const contextTime = (videoTime: number) => at + (videoTime - plan.from);
    for (const clip of plan.clips) {
      const src = sources.recording(clip.asset);
      const buffer = src ? this.decoded.get(src) : undefined;
      if (!buffer || clip.offset >= buffer.duration) continue;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      source.start(contextTime(clip.when), clip.offset, Math.min(clip.length, buffer.duration - clip.offset));
      this.sources.push(source);
    }
    const music = plan.music;
    const buffer = music && sources.music ? this.decoded.get(sources.music) : undefined;
    if (music && buffer && buffer.duration > 0 && music.gain.length > 0) {
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.loop = true;
      const gain = context.createGain();
      const [first, ...rest] = music.gain;
      gain.gain.setValueAtTime(first!.gain, contextTime(first!.time));
      for (const point of rest) gain.gain.linearRampToValueAtTime(point.gain, contextTime(point.time));
      source.connect(gain).connect(context.destination);
      source.start(at, music.offset % buffer.duration);
      source.stop(contextTime(plan.duration));
      this.sources.push(source);
    }
  }

  private speak(plan: AudioPlan, language: string): void {
    const speech = typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined' ? null : speechSynthesis;
    if (!speech) return; // No speech in this browser: the stand-in scenes play as a silent gap.
    for (const cue of plan.speech) {
      const delay = Math.max(0, (cue.when - plan.from + LEAD_SECONDS) * 1000);
      this.timers.push(
        window.setTimeout(() => {
          const utterance = new SpeechSynthesisUtterance(cue.text);
          utterance.rate = cue.rate;
          utterance.lang = language;
          // A stand-in that is still talking when the next scene starts is cut, as a new recording would be re-timed.
          speech.cancel();
          speech.speak(utterance);
        }, delay),
      );
    }
  }

  /** Video time now, while playing; null when stopped. */
  videoTime(): number | null {
    if (!this.origin) return null;
    return this.origin.videoAt + Math.max(0, this.clock() - this.origin.at);
  }

  private clock(): number {
    return this.context && this.contextClock ? this.context.currentTime : performance.now() / 1000;
  }

  stop(): void {
    this.generation += 1;
    for (const source of this.sources) {
      try {
        source.stop();
      } catch {
        // Already stopped (it ended on its own).
      }
      source.disconnect();
    }
    this.sources = [];
    for (const timer of this.timers) window.clearTimeout(timer);
    if (this.timers.length > 0 && typeof speechSynthesis !== 'undefined') speechSynthesis.cancel();
    this.timers = [];
    this.origin = null;
  }

  close(): void {
    this.stop();
    void this.context?.close().catch(() => undefined);
  }
}
