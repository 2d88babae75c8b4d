// A local OpenAI-compatible transcription endpoint (platforms.md §6), also standing in for
// Lemonfox's (§5): POST /v1/audio/transcriptions, multipart {file, model, language,
// response_format, timestamp_granularities[]} with Bearer auth. It checks the upload is real audio
// (ffprobe), refuses what OpenAI refuses (no model, word timestamps without verbose_json, > 25 MB,
// a code where Lemonfox wants a language name) with OpenAI's error envelope, and answers
// verbose_json. Recognition is simulated from a known truth: the words of the speech the test
// synthesised, on the recording's clock. Pieces of a long recording arrive in order, so the fake
// keeps the running offset (the sum of the decoded durations it received) and answers the words
// starting inside the piece it got, timed from the piece's start — a perfect recogniser.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WordTiming } from '../../../contract';
import { probe } from '../../../server/media/ffmpeg';
import { sendJson, startFake, type FakeServer } from './http-fake';

const error = (message: string, type: string, code: string | null, param: string | null = null) => ({ error: { message, type, param, code } });
const MAX_BYTES = 25 * 1024 * 1024;

export interface ReceivedUpload {
  fields: Record<string, string[]>;
  fileName: string;
  fileType: string;
  bytes: number;
  /** Seconds of audio in the upload, decoded. */
  duration: number;
}

export interface TranscriptionFake extends FakeServer {
  /** openai: requires `model`, answers language "english"; lemonfox: language must be a full name. */
  flavor: 'openai' | 'lemonfox';
  /** Where the words go: top-level `words` (OpenAI), inside `segments` (faster-whisper), or segments without words. */
  wordShape: 'words' | 'segment-words' | 'segments-only';
  uploads: ReceivedUpload[];
  /** The words of the recording the next requests are pieces of; restarts the clock. */
  expect(truth: WordTiming[], language?: string): void;
}

function segmentsOf(words: WordTiming[], withWords: boolean) {
  // One segment per five words, as Whisper groups phrases.
  const segments = [];
  for (let index = 0; index < words.length; index += 5) {
    const group = words.slice(index, index + 5);
    segments.push({
      id: segments.length, seek: 0, start: group[0]!.start, end: group.at(-1)!.end,
      text: ` ${group.map((word) => word.word).join(' ')}`, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1.2, no_speech_prob: 0.01,
      ...(withWords ? { words: group.map((word) => ({ ...word, word: ` ${word.word}`, probability: 0.9 })) } : {}),
    });
  }
  return segments;
}

export async function startTranscriptionFake(flavor: 'openai' | 'lemonfox', apiKey = 'stt-test-key'): Promise<TranscriptionFake> {
  let truth: WordTiming[] = [];
  let language = 'english';
  let offset = 0;
  const fake: TranscriptionFake = Object.assign(
    await startFake(async (request, res) => {
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return sendJson(res, 401, error('Incorrect API key provided: st***ey. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error', 'invalid_api_key'));
      }
      if (request.method !== 'POST' || request.path !== '/v1/audio/transcriptions') return sendJson(res, 404, error('Not found', 'invalid_request_error', null));
      const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type']) }, body: request.raw }).formData();
      const file = form.get('file');
      if (!(file instanceof File)) return sendJson(res, 400, error("Missing required parameter: 'file'.", 'invalid_request_error', null, 'file'));
      const fields: Record<string, string[]> = {};
      for (const [name, value] of form.entries()) if (typeof value === 'string') (fields[name] ??= []).push(value);
      if (fake.flavor === 'openai' && !fields.model) return sendJson(res, 400, error('you must provide a model parameter', 'invalid_request_error', null, 'model'));
      if (fields['timestamp_granularities[]'] && fields.response_format?.[0] !== 'verbose_json') {
        return sendJson(res, 400, error('timestamp_granularities is only supported with response_format verbose_json', 'invalid_request_error', null, 'timestamp_granularities'));
      }
      const asked = fields.language?.[0];
      if (asked && fake.flavor === 'lemonfox' && asked.length <= 3) return sendJson(res, 400, error(`Unsupported language: ${asked}`, 'invalid_request_error', null, 'language'));
      if (file.size > MAX_BYTES) return sendJson(res, 413, error('Maximum content size limit (26214400) exceeded.', 'invalid_request_error', null));
      const dir = await mkdtemp(join(tmpdir(), 'stt-fake-'));
      let duration: number;
      try {
        const path = join(dir, file.name || 'upload');
        await writeFile(path, Buffer.from(await file.arrayBuffer()));
        duration = (await probe(path)).duration;
      } catch {
        return sendJson(res, 400, error('Invalid file format. Supported formats: flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav, webm', 'invalid_request_error', null));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      fake.uploads.push({ fields, fileName: file.name, fileType: file.type, bytes: file.size, duration });
      const from = offset;
      offset += duration;
      const heard = truth
        .filter((word) => word.start >= from && word.start < from + duration)
        .map((word) => ({ word: word.word.replace(/[.,!?;:]+$/, ''), start: word.start - from, end: Math.min(word.end, from + duration) - from }));
      const wantsWords = fields['timestamp_granularities[]']?.includes('word');
      const answer = {
        task: 'transcribe',
        language,
        duration,
        text: heard.map((word) => word.word).join(' '),
        ...(wantsWords && fake.wordShape === 'words' ? { words: heard } : {}),
        ...(fake.wordShape !== 'words' ? { segments: segmentsOf(heard, fake.wordShape === 'segment-words') } : {}),
      };
      sendJson(res, 200, answer);
    }),
    {
      flavor,
      wordShape: 'words' as const,
      uploads: [] as ReceivedUpload[],
      expect(words: WordTiming[], name = 'english') {
        truth = words;
        language = name;
        offset = 0;
      },
    },
  );
  return fake;
}
