// Audio from a provider as PCM samples, to find its pauses. WAV (what the adapters ask for) is read
// directly; anything else (a compatible server that ignores response_format) goes through ffmpeg.
import { spawn } from 'node:child_process';
import { decodeWav, isWav, type Pcm } from './wav';

async function ffmpegPath(): Promise<string> {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  const installer = (await import('@ffmpeg-installer/ffmpeg')) as { path?: string; default?: { path: string } };
  return installer.path ?? installer.default!.path;
}

const DECODE_RATE = 16_000;

export async function decodeToPcm(audio: Buffer): Promise<Pcm> {
  if (isWav(audio)) return decodeWav(audio);
  const ffmpeg = spawn(await ffmpegPath(), ['-v', 'error', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(DECODE_RATE), 'pipe:1'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  let errors = '';
  ffmpeg.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  ffmpeg.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  ffmpeg.stdin.on('error', () => undefined); // ffmpeg may stop reading early on bad input; its exit code says so
  ffmpeg.stdin.end(audio);
  const code = await new Promise<number | null>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', resolve);
  });
  if (code !== 0) throw new Error(`ffmpeg could not decode the audio: ${errors.trim().split('\n')[0] ?? `exit ${code}`}`);
  const bytes = Buffer.concat(output);
  const samples = new Int16Array(Math.floor(bytes.length / 2));
  for (let index = 0; index < samples.length; index++) samples[index] = bytes.readInt16LE(index * 2);
  return { samples, sampleRate: DECODE_RATE };
}
