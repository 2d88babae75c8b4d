// A local Lemonfox speech API (platforms.md §5): POST /v1/audio/speech {input, voice, language,
// speed, response_format} with Bearer auth, answering audio. With `timestamps: 'json'` it answers
// the third-party-documented JSON {audio, word_timestamps} when word_timestamps is asked for;
// by default it ignores that flag and answers bare audio, as the official page describes. Errors
// follow the OpenAI envelope (Lemonfox publishes no table; platforms.md says handle them alike).
import { sendJson, startFake, type FakeServer } from './http-fake';
import { speechLikeWav } from './speech-audio';

export const LEMONFOX_FAKE_VOICES = ['sarah', 'heart', 'bella', 'adam', 'river', 'michael', 'emma', 'dora', 'siwis'];

export interface LemonfoxFake extends FakeServer {
  timestamps: 'none' | 'json';
}

export async function startLemonfoxFake(apiKey = 'lemonfox-test-key'): Promise<LemonfoxFake> {
  const fake: LemonfoxFake = Object.assign(
    await startFake((request, res) => {
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return sendJson(res, 401, { error: { message: 'Invalid API key', type: 'invalid_request_error', code: 'invalid_api_key' } });
      }
      if (request.method !== 'POST' || request.path !== '/v1/audio/speech') return sendJson(res, 404, { error: { message: 'Not found' } });
      const { input, voice } = request.body ?? {};
      if (typeof input !== 'string' || input.trim() === '') return sendJson(res, 400, { error: { message: 'input is required', type: 'invalid_request_error' } });
      if (typeof voice !== 'string' || !LEMONFOX_FAKE_VOICES.includes(voice)) {
        return sendJson(res, 400, { error: { message: `Unknown voice: ${String(voice)}`, type: 'invalid_request_error' } });
      }
      const speech = speechLikeWav(input);
      if (fake.timestamps === 'json' && request.body?.word_timestamps === true) {
        return sendJson(res, 200, { audio: speech.wav.toString('base64'), word_timestamps: speech.truth });
      }
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end(speech.wav);
    }),
    { timestamps: 'none' as const },
  );
  return fake;
}
