// `npm run bench`: the built-in voices — seconds of narration made per second of work
// (× real time) for each engine, its sample rate, and how long the server's event loop was held
// meanwhile (synthesis runs in a child process, so this should stay near zero). Figures only.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BuiltinSpeechProvider } from '../../server/providers/tts';

const PASSAGE: Record<string, string> = {
  en: 'Most people think productivity is about doing more. It is not. It is about doing the right things, at the right time, with enough rest in between. ',
  es: 'La mayoría piensa que ser productivo es hacer más. No lo es. Se trata de hacer lo correcto, en el momento justo, y descansar lo suficiente. ',
  de: 'Die meisten denken, Produktivität heißt, mehr zu tun. Das stimmt nicht. Es geht darum, das Richtige zur richtigen Zeit zu tun und genug zu ruhen. ',
};
const VOICES: Array<[string, string]> = [
  ['flite-slt', 'en'],
  ['flite-rms', 'en'],
  ['en-us+f3', 'en'],
  ['es+m3', 'es'],
  ['de+f4', 'de'],
];
const RUNS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  const provider = new BuiltinSpeechProvider();
  try {
    await provider.synthesize({ text: 'Warm up.', voiceId: 'en-us+f3', language: 'en', speed: 1 });
    await provider.synthesize({ text: 'Warm up.', voiceId: 'flite-slt', language: 'en', speed: 1 });
    console.log('voice        rate   audio s   work ms   × real time   loop held ms (max)');
    for (const [voiceId, language] of VOICES) {
      // About a minute of narration: the length of a typical short video.
      const text = PASSAGE[language]!.repeat(6);
      const times: number[] = [];
      let seconds = 0;
      let rate = 0;
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const speech = await provider.synthesize({ text, voiceId, language, speed: 1 });
        times.push(performance.now() - started);
        seconds = speech.duration;
        rate = speech.audio.readUInt32LE(24);
      }
      loop.disable();
      const work = median(times);
      console.log(
        `${voiceId.padEnd(12)} ${String(rate).padStart(5)}   ${seconds.toFixed(1).padStart(7)}   ${work.toFixed(0).padStart(7)}   ${(seconds / (work / 1000)).toFixed(1).padStart(11)}   ${(loop.max / 1e6).toFixed(0).padStart(8)}`,
      );
    }
  } finally {
    await provider.close();
  }
}

await main();
