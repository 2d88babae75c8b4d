// A local OpenAI-compatible speech endpoint: POST /v1/audio/speech {model, input, voice,
// response_format, speed} with Bearer auth, answering speech-like WAV (speech-audio.ts) and
// OpenAI's error envelope {"error":{message,type,param,code}}.
import { sendJson, startFake, type FakeServer } from './http-fake';
import { speechLikeWav } from './speech-audio';

export const OPENAI_FAKE_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'];

const error = (message: string, type: string, code: string | null, param: string | null = null) => ({ error: { message, type, param, code } });

export async function startOpenAiSpeechFake(apiKey = 'sk-speech-test'): Promise<FakeServer> {
  return startFake((request, res) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendJson(res, 401, error('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    if (request.method !== 'POST' || request.path !== '/v1/audio/speech') return sendJson(res, 404, error('Not found', 'invalid_request_error', null));
    const { input, voice, model } = request.body ?? {};
    if (typeof model !== 'string') return sendJson(res, 400, error("you must provide a model parameter", 'invalid_request_error', null, 'model'));
    if (typeof input !== 'string' || input.length > 4096) {
      return sendJson(res, 400, error("'input' is too long or missing", 'invalid_request_error', 'string_above_max_length', 'input'));
    }
    if (typeof voice !== 'string' || !OPENAI_FAKE_VOICES.includes(voice)) {
      return sendJson(res, 400, error(`Invalid value for 'voice'.`, 'invalid_request_error', 'invalid_value', 'voice'));
    }
    res.writeHead(200, { 'content-type': 'audio/wav' });
    res.end(speechLikeWav(input).wav);
  });
}
