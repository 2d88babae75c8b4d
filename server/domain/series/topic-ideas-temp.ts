// TEMPORARY: new topics from the script writer (the title it gives a script on the niche), until
// the topic-ideas adapters of another change are wired into the composition; then this goes.
// Real ideas, only fewer of them: a title already in the history or the "never again" list is
// passed over, and after a few tries there is no new idea (null).
import type { ScriptWriter } from '../ports/script-writer';
import type { TopicBrief, TopicIdeas } from '../ports/topic-ideas';
import { closestMatch } from './similarity-temp';

const TRIES = 5;

export function writerTopicIdeas(writer: ScriptWriter): TopicIdeas {
  return {
    id: 'writer-titles',
    label: `Titles from ${writer.label}`,
    async next(brief: TopicBrief, signal?: AbortSignal) {
      const earlier = [...brief.history, ...brief.avoid].map((title) => ({ title }));
      for (let attempt = 0; attempt < TRIES; attempt++) {
        const written = await writer.write({ prompt: brief.source, videoDuration: 30, language: brief.language, nonce: `${brief.nonce}:topic:${attempt}` }, signal);
        const title = written.title.trim();
        if (title && !closestMatch({ title }, earlier)) return title;
      }
      return null;
    },
  };
}
