// A local ElevenLabs (shared/reference/platforms.md §4): GET /v1/voices and
// POST /v1/text-to-speech/{voice_id}/with-timestamps with xi-api-key auth, answering a real MP3
// (128 kbit/s, made by ffmpeg) and a character alignment of 60 ms per character, and the
// documented error bodies {"detail":{"status","message"}} (422: {"detail":[{loc,msg,type}]}).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { sendJson, startFake, type FakeServer } from './http-fake';

export const ELEVEN_SECONDS_PER_CHARACTER = 0.06;

export const ELEVEN_VOICES = [
  {
    voice_id: '21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    category: 'premade',
    description: null,
    labels: { accent: 'american', age: 'young', gender: 'female', description: 'calm', use_case: 'narration' },
    preview_url: 'https://example.invalid/rachel.mp3',
    verified_languages: [
      { language: 'en', model_id: 'eleven_multilingual_v2', accent: 'american' },
      { language: 'es', model_id: 'eleven_multilingual_v2', accent: null },
    ],
  },
  {
    voice_id: 'pNInz6obpgDQGcFmaJgB',
    name: 'Adam',
    category: 'premade',
    description: 'Deep narrator',
    labels: { accent: 'american', gender: 'male' },
    verified_languages: [],
  },
];

async function mp3Of(seconds: number): Promise<Buffer> {
  const { stdout } = await promisify(execFile)(
    ffmpeg.path,
    ['-v', 'error', '-f', 'lavfi', '-i', `sine=f=220:d=${seconds.toFixed(3)}`, '-b:a', '128k', '-ar', '44100', '-f', 'mp3', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

export interface ElevenLabsFake extends FakeServer {
  /** Characters accepted per request (the model limit), 10,000 like eleven_multilingual_v2. */
  maxChars: number;
}

export async function startElevenLabsFake(apiKey = 'eleven-test-key'): Promise<ElevenLabsFake> {
  const fake: ElevenLabsFake = Object.assign(
    await startFake(async (request, res) => {
      if (request.headers['xi-api-key'] !== apiKey) {
        return sendJson(res, 401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
      }
      const path = new URL(request.path, 'http://fake').pathname;
      if (request.method === 'GET' && path === '/v1/voices') return sendJson(res, 200, { voices: ELEVEN_VOICES });
      const match = /^\/v1\/text-to-speech\/([^/]+)\/with-timestamps$/.exec(path);
      if (request.method !== 'POST' || !match) return sendJson(res, 404, { detail: 'Not Found' });
      if (!ELEVEN_VOICES.some((voice) => voice.voice_id === decodeURIComponent(match[1]!))) {
        return sendJson(res, 404, { detail: { status: 'voice_not_found', message: 'A voice with the voice_id was not found.' } });
      }
      const text = request.body?.text;
      if (typeof text !== 'string') {
        return sendJson(res, 422, { detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' }] });
      }
      if (text.length > fake.maxChars) {
        return sendJson(res, 400, { detail: { status: 'max_character_limit_exceeded', message: `Text is too long (${text.length}).` } });
      }
      const characters = Array.from(text);
      const starts = characters.map((_, index) => Math.round(index * ELEVEN_SECONDS_PER_CHARACTER * 1000) / 1000);
      const ends = characters.map((_, index) => Math.round((index + 1) * ELEVEN_SECONDS_PER_CHARACTER * 1000) / 1000);
      const audio = await mp3Of(characters.length * ELEVEN_SECONDS_PER_CHARACTER + 0.1);
      const alignment = { characters, character_start_times_seconds: starts, character_end_times_seconds: ends };
      sendJson(res, 200, { audio_base64: audio.toString('base64'), alignment, normalized_alignment: alignment });
    }),
    { maxChars: 10_000 },
  );
  return fake;
}
