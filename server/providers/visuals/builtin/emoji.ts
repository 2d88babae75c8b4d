// Pictures for the things a scene talks about: Microsoft's Fluent Emoji (flat), shipped as
// Iconify JSON in @iconify-json/fluent-emoji-flat (MIT), matched to words through the keyword
// annotations of emojilib (MIT). Both are read once per process, on first use.
import { createRequire } from 'node:module';
import { createCanvas, Image, type Canvas } from '@napi-rs/canvas';

interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

/** One emoji as the matcher knows it: the icon's name in the set and how a word found it. */
export interface EmojiMatch {
  icon: string;
  /** 3 = the emoji's whole name, 2 = its head noun ("tower" of tokyo_tower), 1.5 = another
   *  word of its name, 1 = an annotation tag, 4 = the hand-kept list below. */
  score: number;
}

/**
 * Where the annotations are wrong or missing for words narration uses. Kept small: a word maps to
 * an emoji only when the picture shows the thing (a coin for bitcoin, a classical building for
 * Rome), never a loose association.
 */
const SYNONYMS: Record<string, string> = {
  everest: '🏔️', mount: '🏔️', titanic: '🚢', iceberg: '🧊', lightning: '⚡', thunder: '🌩️', credit: '💳',
  light: '💡', printing: '🖨️', printer: '🖨️', worker: '👷', factory: '🏭', puzzle: '🧩', neuron: '🧠',
  caesar: '🏛️', julius: '🏛️', gladiator: '⚔️', colosseum: '🏟️', knight: '🛡️', viking: '⛵', samurai: '🗡️',
  eiffel: '🗼', paris: '🗼', bitcoin: '🪙', crypto: '🪙', cryptocurrency: '🪙', ethereum: '🪙', blockchain: '🔗',
  roman: '🏛️', rome: '🏛️', empire: '🏛️', greek: '🏛️', senate: '🏛️', emperor: '👑', pharaoh: '👑',
  king: '🤴', queen: '👸', economy: '📈', market: '📈', stock: '📈', investing: '📈', investment: '📈', inflation: '💸',
  bank: '🏦', finance: '💰', wealth: '💰', salary: '💵', budget: '💵', debt: '💸', tax: '🧾', price: '🏷️',
  history: '📜', war: '⚔️', battle: '⚔️', army: '🛡️', soldier: '💂', dinosaur: '🦕', fossil: '🦴', volcano: '🌋',
  planet: '🪐', galaxy: '🌌', universe: '🌌', space: '🚀', astronaut: '🧑‍🚀', gravity: '🍎', atom: '⚛️', physics: '⚛️',
  chemistry: '🧪', biology: '🧬', gene: '🧬', dna: '🧬', cell: '🦠', virus: '🦠', brain: '🧠', heart: '❤️',
  science: '🔬', experiment: '🧪', climate: '🌍', weather: '⛅', ocean: '🌊', sea: '🌊', river: '🏞️', forest: '🌲',
  jungle: '🌴', desert: '🏜️', island: '🏝️', city: '🏙️', computer: '💻', software: '💻', code: '💻', coding: '💻',
  programming: '💻', internet: '🌐', web: '🌐', robot: '🤖', ai: '🤖', artificial: '🤖', algorithm: '🤖', smartphone: '📱',
  phone: '📱', app: '📱', data: '💾', chip: '🔌', electricity: '⚡', energy: '⚡', battery: '🔋', football: '⚽',
  soccer: '⚽', basketball: '🏀', tennis: '🎾', olympics: '🏅', olympic: '🏅', marathon: '🏃', athlete: '🏃', champion: '🏆',
  coffee: '☕', tea: '🍵', bread: '🍞', pizza: '🍕', sushi: '🍣', cooking: '🍳', recipe: '🍳', kitchen: '🍳',
  chocolate: '🍫', cheese: '🧀', wine: '🍷', beer: '🍺', sleep: '😴', music: '🎵', song: '🎵', guitar: '🎸',
  book: '📖', reading: '📖', school: '🏫', student: '🎓', university: '🎓', travel: '✈️', airplane: '✈️', ship: '🚢',
  car: '🚗', train: '🚆', medieval: '🏰', castle: '🏰', pyramid: '🔺', egypt: '🇪🇬', japan: '🗾', tokyo: '🗼',
  moon: '🌕', sun: '☀️', star: '⭐', mars: '🔴', earth: '🌍', world: '🌍', map: '🗺️', gold: '🪙', coin: '🪙',
  money: '💰', cash: '💵', dollar: '💵', euro: '💶', cat: '🐈', dog: '🐕', octopus: '🐙', shark: '🦈', whale: '🐋',
  bee: '🐝', ant: '🐜', spider: '🕷️', horse: '🐎', lion: '🦁', tiger: '🐅', elephant: '🐘', penguin: '🐧',
};

/**
 * Annotation words that say nothing about what is pictured (every face is "face", every animal
 * "animal") or that point at a misleading picture. A scene word matching only these shows no
 * picture rather than a random one.
 */
const EXCLUDED_WORDS = new Set([
  'face', 'human', 'person', 'people', 'nature', 'animal', 'object', 'symbol', 'sign', 'word', 'letter', 'letters',
  'indicator', 'regional', 'banner', 'nation', 'country', 'flag', 'emoji', 'red', 'blue', 'green', 'yellow', 'orange',
  'purple', 'black', 'white', 'brown', 'pink', 'photo', 'art', 'culture', 'creature', 'thing', 'button', 'square',
  'circle', 'mark', 'shape', 'geometric', 'key', 'keycap', 'number', 'time', 'way', 'good', 'new', 'big', 'small',
  'work', 'love', 'like', 'happy', 'fun', 'cool', 'nice', 'great', 'old', 'man', 'woman', 'boy', 'girl', 'adult',
  'hand', 'body', 'finger', 'gesture', 'sound', 'music', 'play', 'game', 'sport', 'food', 'drink', 'place',
  'building', 'travel', 'weather', 'sky', 'st.', 'saint', 'fr', 'us', 'uk', 'part', 'top', 'end', 'back', 'free', 'up',
  'down', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirty',
  'struck', 'cover', 'stand', 'plate', 'fly', 'print', 'control', 'change', 'show', 'hour', 'on', 'off', 'in', 'out', 'of', 'and', 'the', 'with', 'without', 'a', 'an',
]);

/** Names in the set that are people in skin tones or otherwise not things; never heroes. */
const EXCLUDED_ICON = /(?:-tone|^(?:keycap|regional-indicator|flag-for-flag|hundred-points|input-)|-(?:button|sign)$)/;

/** A plural, or a verb in -ing, reduced to its stem: enough to meet the annotation words. */
export function lemma(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith('ves')) return `${w.slice(0, -3)}f`;
  if (w.length > 4 && /(?:ches|shes|sses|xes|oes|uses)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) {
    const stem = w.slice(0, -3);
    return /([^aeiou])\1$/.test(stem) ? stem.slice(0, -1) : stem;
  }
  return w;
}

const codepoints = (emoji: string, keepVariation: boolean): string =>
  [...emoji]
    .map((char) => char.codePointAt(0)!)
    .filter((code) => keepVariation || code !== 0xfe0f)
    .map((code) => code.toString(16))
    .join('-');

interface EmojiData {
  set: IconSet;
  index: Map<string, EmojiMatch[]>;
  iconOf: (emoji: string) => string | null;
}

let data: EmojiData | null = null;

function load(): EmojiData {
  if (data) return data;
  const require = createRequire(import.meta.url);
  const set = require('@iconify-json/fluent-emoji-flat/icons.json') as IconSet;
  const chars = require('@iconify-json/fluent-emoji-flat/chars.json') as Record<string, string>;
  const keywords = require('emojilib') as Record<string, string[]>;
  const exists = (name: string | undefined): name is string => name !== undefined && (name in set.icons || name in (set.aliases ?? {}));
  const iconOf = (emoji: string): string | null => {
    const name = chars[codepoints(emoji, true)] ?? chars[codepoints(emoji, false)];
    return exists(name) && !EXCLUDED_ICON.test(name) ? name : null;
  };
  const index = new Map<string, EmojiMatch[]>();
  const add = (word: string, icon: string, score: number) => {
    for (const key of new Set([word, lemma(word)])) {
      if (key.length < 2 || EXCLUDED_WORDS.has(key)) continue;
      const list = index.get(key) ?? [];
      const existing = list.find((entry) => entry.icon === icon);
      if (existing) existing.score = Math.max(existing.score, score);
      else list.push({ icon, score });
      index.set(key, list);
    }
  };
  for (const [emoji, words] of Object.entries(keywords)) {
    const icon = iconOf(emoji);
    if (!icon || words.length === 0) continue;
    const [name, ...tags] = words;
    const parts = name!.split('_').filter(Boolean);
    if (parts[0] === 'flag' && parts.length > 1) {
      // Flags are matched by their country's name only ("france", "french"), never by "flag".
      parts.slice(1).forEach((part) => add(part, icon, 2));
    } else if (parts.length === 1) {
      add(parts[0]!, icon, 3);
    } else {
      add(parts.at(-1)!, icon, 2);
      parts.slice(0, -1).forEach((part) => add(part, icon, 1.5));
    }
    for (const tag of tags) if (!tag.includes('_') && !tag.includes(' ')) add(tag, icon, 1);
  }
  for (const [word, emoji] of Object.entries(SYNONYMS)) {
    const icon = iconOf(emoji);
    if (icon) index.set(word, [{ icon, score: 4 }, ...(index.get(word) ?? []).filter((entry) => entry.icon !== icon)]);
  }
  data = { set, index, iconOf };
  return data;
}

/** The best picture for one word, or null. Ties go to the emoji listed first (emojilib's order). */
export function findIcon(word: string): EmojiMatch | null {
  const { index } = load();
  const lower = word.toLowerCase();
  let best: EmojiMatch | null = null;
  for (const key of new Set([lower, lemma(lower)])) {
    for (const entry of index.get(key) ?? []) if (!best || entry.score > best.score) best = entry;
  }
  // A word found only among an emoji's tags ("changes" → a baby symbol) or as the qualifier of a
  // longer name ("crossed" → crossed fingers, "six" → six o'clock) is too loose to picture: only
  // the emoji's own name or head noun, or the hand-kept list, makes a match.
  return best && best.score >= 2 ? best : null;
}

/** The keyword annotations of an icon (for tests and for explaining a match). */
export function iconWords(icon: string): string[] {
  const { index } = load();
  const words: string[] = [];
  for (const [word, entries] of index) if (entries.some((entry) => entry.icon === icon)) words.push(word);
  return words;
}

function iconBody(icon: string): { body: string; width: number; height: number } {
  const { set } = load();
  const name = set.icons[icon] ? icon : set.aliases?.[icon]?.parent ?? icon;
  const entry = set.icons[name];
  if (!entry) throw new Error(`unknown icon ${icon}`);
  return { body: entry.body, width: entry.width ?? set.width ?? 32, height: entry.height ?? set.height ?? 32 };
}

const rasters = new Map<string, Canvas>();
const RASTER_CACHE_SIZE = 48;

/**
 * The icon rasterised once at size×size pixels (SVG through Skia) onto a bitmap, cached per
 * process: drawing an SVG image re-renders its vectors every time, a bitmap is a plain copy.
 */
export function iconImage(icon: string, size: number): Canvas {
  const pixels = Math.max(8, Math.round(size));
  const key = `${icon}@${pixels}`;
  const cached = rasters.get(key);
  if (cached) {
    // Refreshed as most recently used.
    rasters.delete(key);
    rasters.set(key, cached);
    return cached;
  }
  const { body, width, height } = iconBody(icon);
  const image = new Image();
  image.src = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${width} ${height}">${body}</svg>`);
  const bitmap = createCanvas(pixels, pixels);
  bitmap.getContext('2d').drawImage(image, 0, 0, pixels, pixels);
  if (rasters.size >= RASTER_CACHE_SIZE) rasters.delete(rasters.keys().next().value!);
  rasters.set(key, bitmap);
  return bitmap;
}
