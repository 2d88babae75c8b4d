// "Auto" music: which mood fits a script, and which built-in track of that mood. A small keyword
// classifier (word stems per mood, weighted, plus a few cues like exclamation marks); the same
// script always gets the same track, so a restarted render mixes what the first run chose.
import { BUILTIN_MUSIC, MUSIC_MOODS, type BuiltinMusicTrack, type MusicMood } from '../../../contract/builtin-music';
import { fnv1a32 } from '../../lib/seeded-random';

/** Word stems (matched at a word's start) that lean a script towards a mood. */
const MOOD_STEMS: Record<MusicMood, string[]> = {
  calm: ['calm', 'relax', 'peace', 'gentle', 'quiet', 'slow', 'breath', 'meditat', 'sleep', 'mindful', 'soft', 'nature', 'ocean', 'rain', 'tea', 'rest', 'cozy', 'cosy', 'serene', 'yoga', 'spa', 'garden', 'forest', 'wellness', 'self-care', 'simple'],
  upbeat: ['fun', 'happy', 'party', 'easy', 'quick', 'hack', 'trick', 'tip', 'amazing', 'awesome', 'love', 'recipe', 'dance', 'summer', 'sale', 'deal', 'cute', 'laugh', 'game', 'play', 'cool', 'wow', 'excit', 'celebrat', 'friend', 'weekend', 'travel', 'shop'],
  dramatic: ['war', 'battle', 'death', 'died', 'kill', 'fight', 'empire', 'danger', 'disaster', 'collapse', 'betray', 'tragic', 'epic', 'power', 'storm', 'fall', 'destroy', 'crisis', 'shock', 'enemy', 'revenge', 'survive', 'threat', 'catastroph', 'history', 'king', 'army'],
  lofi: ['study', 'focus', 'work', 'code', 'coding', 'productiv', 'routine', 'coffee', 'night', 'late', 'chill', 'vibe', 'read', 'book', 'desk', 'notes', 'learn', 'homework', 'exam', 'journal', 'city', 'aesthetic'],
  inspiring: ['dream', 'goal', 'success', 'achiev', 'believe', 'inspir', 'motivat', 'grow', 'future', 'change', 'hope', 'journey', 'never give', 'overcome', 'start', 'build', 'create', 'better', 'discipline', 'habit', 'win', 'courage', 'purpose', 'mindset', 'lesson', 'improve'],
  mysterious: ['myster', 'secret', 'unknown', 'strange', 'hidden', 'dark', 'ghost', 'haunt', 'unsolved', 'disappear', 'vanish', 'conspiracy', 'alien', 'legend', 'creepy', 'weird', 'ancient', 'puzzle', 'crime', 'detective', 'clue', 'myth', 'curse', 'shadow', 'space', 'universe'],
};

/** When nothing in the script leans anywhere: music that suits most narration. */
export const DEFAULT_MOOD: MusicMood = 'inspiring';

/** Scores of each mood for a script (occurrences of its stems, plus punctuation cues). */
export function moodScores(script: string): Record<MusicMood, number> {
  const text = script.toLowerCase();
  const words = text.match(/[a-z][a-z'-]*/g) ?? [];
  const scores = Object.fromEntries(MUSIC_MOODS.map((mood) => [mood, 0])) as Record<MusicMood, number>;
  for (const mood of MUSIC_MOODS) {
    for (const stem of MOOD_STEMS[mood]) {
      if (stem.includes(' ')) scores[mood] += text.split(stem).length - 1;
      else for (const word of words) if (word.startsWith(stem)) scores[mood] += 1;
    }
  }
  // Exclamations read as energy, questions as intrigue; both weigh less than words.
  scores.upbeat += Math.min(3, (text.match(/!/g) ?? []).length) * 0.5;
  scores.mysterious += Math.min(3, (text.match(/\?/g) ?? []).length) * 0.3;
  return scores;
}

/** The mood that fits a script best; ties go to the earlier mood in MUSIC_MOODS, nothing to DEFAULT_MOOD. */
export function scriptMood(script: string): MusicMood {
  const scores = moodScores(script);
  let best: MusicMood = DEFAULT_MOOD;
  let bestScore = 0;
  for (const mood of MUSIC_MOODS) {
    if (scores[mood] > bestScore) {
      best = mood;
      bestScore = scores[mood];
    }
  }
  return best;
}

/** The built-in track "Auto" chooses for a script. */
export function autoMusicTrack(script: string): BuiltinMusicTrack {
  const mood = scriptMood(script);
  const candidates = BUILTIN_MUSIC.filter((track) => track.mood === mood);
  return candidates[fnv1a32(script.trim()) % candidates.length]!;
}
