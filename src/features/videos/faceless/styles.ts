// The faceless-video gallery's ready-made styles: each is a starting point for the create flow — an
// art style, a caption preset, the kind of voice and its pacing, and a sample topic. Picking one
// opens /create-ai-video with these as search params (the flow checks every value again).
import type { CaptionPreset, ScriptTone } from '../../../../contract';
import type { ArtStyle } from '../../../ui/art-styles/art-styles';
import type { CreateVideoSearch } from '../create/flow-state';

export interface FacelessStyle {
  id: string;
  name: string;
  blurb: string;
  artStyle: ArtStyle;
  captionPreset: CaptionPreset;
  voiceGender: 'female' | 'male' | 'neutral';
  /** What the voice should sound like, for the card. */
  voiceDescription: string;
  /** Voice speed (1 = normal). */
  speed: number;
  sampleTopic: string;
  /** Seconds. */
  duration: number;
  /** How the script written from the topic sounds (the offline writer's openers, story style and calls to action). */
  tone: ScriptTone;
}

export const FACELESS_STYLES: readonly FacelessStyle[] = [
  {
    id: 'scary-stories',
    name: 'Scary stories',
    blurb: 'Dark, cinematic frames and a slow, low narration that builds dread.',
    artStyle: 'cinematic',
    captionPreset: 'typewriter',
    voiceGender: 'male',
    voiceDescription: 'Deep male voice',
    speed: 0.85,
    sampleTopic: 'A short scary story about the last keeper of an abandoned lighthouse',
    duration: 60,
    tone: 'suspense',
  },
  {
    id: 'fun-facts',
    name: 'Fun facts',
    blurb: 'Bright anime scenes and punchy captions, one surprise per line.',
    artStyle: 'anime',
    captionPreset: 'bold-pop',
    voiceGender: 'female',
    voiceDescription: 'Upbeat female voice',
    speed: 1.1,
    sampleTopic: 'Five fun facts about octopuses',
    duration: 30,
    tone: 'playful',
  },
  {
    id: 'motivation',
    name: 'Motivation',
    blurb: 'Real-world imagery and big boxed words for a daily push.',
    artStyle: 'realistic',
    captionPreset: 'karaoke-box',
    voiceGender: 'male',
    voiceDescription: 'Warm, steady male voice',
    speed: 1,
    sampleTopic: 'Why you should start before you feel ready',
    duration: 30,
    tone: 'motivational',
  },
  {
    id: 'history',
    name: 'History',
    blurb: 'Sepia, film-grain scenes with calm, readable captions.',
    artStyle: 'vintage',
    captionPreset: 'clean',
    voiceGender: 'male',
    voiceDescription: 'Measured documentary voice',
    speed: 0.95,
    sampleTopic: 'The rise and fall of the Great Library of Alexandria',
    duration: 60,
    tone: 'documentary',
  },
  {
    id: 'tech-explainers',
    name: 'Tech explainers',
    blurb: 'Clean, minimal visuals that keep the idea in focus.',
    artStyle: 'minimalist',
    captionPreset: 'clean',
    voiceGender: 'female',
    voiceDescription: 'Clear, friendly female voice',
    speed: 1.05,
    sampleTopic: 'How Wi-Fi actually works, in plain words',
    duration: 45,
    tone: 'explainer',
  },
  {
    id: 'travel',
    name: 'Travel',
    blurb: 'Soft watercolour places and bold, sunny captions.',
    artStyle: 'watercolor',
    captionPreset: 'bold-pop',
    voiceGender: 'female',
    voiceDescription: 'Bright, curious female voice',
    speed: 1,
    sampleTopic: 'Three hidden corners of Lisbon worth the climb',
    duration: 45,
    tone: 'wanderlust',
  },
  {
    id: 'kids-bedtime',
    name: 'Kids’ bedtime',
    blurb: 'Gentle fantasy worlds, a slow soothing voice, easy-to-read lines.',
    artStyle: 'fantasy',
    captionPreset: 'clean',
    voiceGender: 'female',
    voiceDescription: 'Soft, gentle female voice',
    speed: 0.85,
    sampleTopic: 'A bedtime story about a sleepy little dragon who cannot find his pillow',
    duration: 90,
    tone: 'gentle',
  },
  {
    id: 'finance-tips',
    name: 'Finance tips',
    blurb: 'Comic-book panels and boxed key words that make money tips stick.',
    artStyle: 'comic',
    captionPreset: 'karaoke-box',
    voiceGender: 'male',
    voiceDescription: 'Confident, quick male voice',
    speed: 1.1,
    sampleTopic: 'Three money habits that save you hundreds a year',
    duration: 45,
    tone: 'practical',
  },
  {
    id: 'future-tech',
    name: 'Future tech news',
    blurb: 'Neon city nights and glowing captions for what comes next.',
    artStyle: 'cyberpunk',
    captionPreset: 'neon',
    voiceGender: 'neutral',
    voiceDescription: 'Cool, even voice',
    speed: 1.1,
    sampleTopic: 'What robots will do in our homes by 2030',
    duration: 45,
    tone: 'futurist',
  },
];

/** The create flow's search params for a style; a locked art style is left out (the flow's default applies). */
export function styleSearch(style: FacelessStyle, artStyleAllowed: boolean): CreateVideoSearch {
  return {
    style: style.name,
    prompt: style.sampleTopic,
    duration: String(style.duration),
    caption_preset: style.captionPreset,
    speed: String(style.speed),
    voice_gender: style.voiceGender,
    tone: style.tone,
    ...(artStyleAllowed ? { art_style: style.artStyle } : {}),
  };
}
