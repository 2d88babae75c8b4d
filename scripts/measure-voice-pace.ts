// Measures the built-in voices' real pace (spoken words per second at speed 1, pauses between
// sentences included) on a few paragraphs of the kind the offline writer produces. Its output is
// the table in server/providers/tts/builtin/pace.ts; rerun it when a voice or engine changes:
// `npx tsx scripts/measure-voice-pace.ts`.
import { BuiltinSpeechProvider } from '../server/providers/tts';
import { BUILTIN_VOICES } from '../server/providers/tts/builtin/voices';
import { spokenWords } from '../server/providers/tts/words';

const SAMPLES: Record<string, string> = {
  en: 'Here is something most people never notice about octopuses. They have three hearts, and two of them stop when they swim. That is why they would rather crawl. Think about that the next time you see one at an aquarium. It is not lazy, it is saving energy. Follow for more.',
  es: 'Esto es algo que casi nadie nota sobre los pulpos. Tienen tres corazones, y dos se detienen cuando nadan. Por eso prefieren caminar. Piénsalo la próxima vez que veas uno. No es pereza, es ahorro de energía. Sígueme para más.',
  fr: "Voici une chose que presque personne ne remarque sur les pieuvres. Elles ont trois cœurs, et deux s'arrêtent quand elles nagent. Voilà pourquoi elles préfèrent ramper. Penses-y la prochaine fois. Ce n'est pas de la paresse. Abonne-toi pour la suite.",
  de: 'Das bemerken fast alle nicht bei Kraken. Sie haben drei Herzen, und zwei davon bleiben beim Schwimmen stehen. Deshalb kriechen sie lieber. Denk daran, wenn du das nächste Mal einen siehst. Das ist keine Faulheit. Folge mir für mehr.',
  it: 'Ecco una cosa che quasi nessuno nota sui polpi. Hanno tre cuori, e due si fermano quando nuotano. Per questo preferiscono strisciare. Pensaci la prossima volta. Non è pigrizia, è risparmio di energia. Seguimi per altro.',
  pt: 'Eis algo que quase ninguém percebe sobre os polvos. Eles têm três corações, e dois param quando nadam. Por isso preferem rastejar. Pense nisso da próxima vez. Não é preguiça, é economia de energia. Siga para mais.',
  nl: 'Dit merkt bijna niemand op bij octopussen. Ze hebben drie harten, en twee stoppen als ze zwemmen. Daarom kruipen ze liever. Denk daar eens aan als je er een ziet. Het is geen luiheid, het is energie sparen. Volg me voor meer.',
};

const provider = new BuiltinSpeechProvider();
const rows: string[] = [];
for (const voice of BUILTIN_VOICES) {
  const language = voice.info.languages[0]!;
  const text = SAMPLES[language];
  if (!text) continue;
  const speech = await provider.synthesize({ text, voiceId: voice.info.voice_id, language, speed: 1 });
  const words = spokenWords(text).length;
  rows.push(`  '${voice.info.voice_id}': ${(words / speech.duration).toFixed(2)},`);
  console.log(rows.at(-1));
}
await provider.close();
