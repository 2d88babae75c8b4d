// The real engines a no-keys server renders with (offline voices, built-in art), wrapped so a
// render test can count what was read aloud and drawn: proof that a resumed or edited render does
// not make anything twice.
import { createSpeechProviders, type SpeechProvider } from '../../server/providers/tts';
import { BuiltinVisualProvider } from '../../server/providers/visuals/builtin';
import type { VisualProvider } from '../../server/providers/visuals/types';

/** Every speech provider as a server without keys has them (only the built-in one configured). */
export function offlineSpeechProviders() {
  return createSpeechProviders({
    elevenLabs: { apiKey: undefined, baseUrl: 'https://api.elevenlabs.io', model: 'm' },
    lemonfox: { apiKey: undefined, baseUrl: 'https://api.lemonfox.ai/v1' },
    openAi: { baseUrl: undefined, apiKey: undefined, model: 'm', voices: undefined },
  });
}

/** The provider, recording the text of every call (`texts.length` is the number of calls). */
export function recordingSpeech(provider: SpeechProvider): SpeechProvider & { texts: string[]; readonly calls: number } {
  const texts: string[] = [];
  return {
    id: provider.id,
    label: provider.label,
    configured: provider.configured,
    texts,
    get calls() {
      return texts.length;
    },
    listVoices: (signal) => provider.listVoices(signal),
    synthesize: (request, signal) => {
      texts.push(request.text);
      return provider.synthesize(request, signal);
    },
  };
}

/** The built-in art, counting the pictures drawn. */
export function countingBuiltinVisuals(): VisualProvider & { readonly drawn: number } {
  const art = new BuiltinVisualProvider();
  let drawn = 0;
  return {
    id: 'builtin',
    label: art.label,
    get drawn() {
      return drawn;
    },
    sceneVisual: (request, signal) => {
      drawn++;
      return art.sceneVisual(request, signal);
    },
  };
}
