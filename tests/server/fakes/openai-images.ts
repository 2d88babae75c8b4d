// A local OpenAI-compatible image endpoint: POST /v1/images/generations with Bearer auth,
// speaking the documented protocol (shared/reference/platforms.md §8b): sizes per model family,
// response_format b64_json|url (dall-e only; gpt-image answers base64 and rejects the
// parameter), the {"error":{message,type,param,code}} envelope, x-ratelimit-* headers and
// Retry-After on 429. Images are real PNGs of the size asked for.
import { createCanvas } from '@napi-rs/canvas';
import { listen, readBody, sendBytes, sendJson, type RunningFake } from './visual-fakes-http';

const SIZES: Record<string, string[]> = {
  'dall-e-2': ['256x256', '512x512', '1024x1024'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  'gpt-image-1': ['1024x1024', '1536x1024', '1024x1536', 'auto'],
};

export interface ImagesRequestRecord {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeOpenAiImages extends RunningFake {
  baseUrl: string;
  requests: ImagesRequestRecord[];
  /** The next answers are these errors instead of images (status, envelope fields, headers). */
  failNext(...failures: Array<{ status: number; type?: string; code?: string | null; message?: string; headers?: Record<string, string> }>): void;
  /** Like compatible servers that ignore response_format: answer with a URL to fetch. */
  answerWithUrl: boolean;
  /** Accept any WxH size (local servers), not only the OpenAI ones. */
  anySize: boolean;
}

export async function startFakeOpenAiImages(apiKey = 'sk-test-images'): Promise<FakeOpenAiImages> {
  const files = new Map<string, Buffer>();
  const failures: Array<{ status: number; type?: string; code?: string | null; message?: string; headers?: Record<string, string> }> = [];
  let remaining = 50;
  const state = { requests: [] as ImagesRequestRecord[], answerWithUrl: false, anySize: false, origin: '' };
  const running = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
      const file = files.get(url.pathname.slice('/files/'.length));
      if (!file) return sendJson(res, 404, { error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null } });
      return sendBytes(res, 'image/png', file);
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/images/generations') {
      return sendJson(res, 404, { error: { message: `Invalid URL (${req.method} ${url.pathname})`, type: 'invalid_request_error', param: null, code: null } });
    }
    const raw = await readBody(req);
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return sendJson(res, 401, {
        error: { message: 'Incorrect API key provided: sk-wr***ng. You can find your API key at https://platform.openai.com/account/api-keys.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
      });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error', param: null, code: null } });
    }
    state.requests.push({ authorization: req.headers.authorization, body });
    const failure = failures.shift();
    if (failure) {
      return sendJson(res, failure.status, { error: { message: failure.message ?? `Fake failure ${failure.status}`, type: failure.type ?? 'server_error', param: null, code: failure.code ?? null } }, failure.headers);
    }
    const bad = (message: string, param: string): void => sendJson(res, 400, { error: { message, type: 'invalid_request_error', param, code: null } });
    if (typeof body.prompt !== 'string' || body.prompt === '') return bad("Missing required parameter: 'prompt'.", 'prompt');
    const model = typeof body.model === 'string' ? body.model : 'dall-e-2';
    const size = typeof body.size === 'string' ? body.size : '1024x1024';
    const allowed = SIZES[model];
    if (!state.anySize && allowed && !allowed.includes(size)) return bad(`'${size}' is not one of ${allowed.map((s) => `'${s}'`).join(', ')} - 'size'`, 'size');
    if (model.startsWith('gpt-image') && body.response_format !== undefined) return bad("Unknown parameter: 'response_format'.", 'response_format');
    const [width, height] = size === 'auto' ? [1024, 1024] : size.split('x').map(Number) as [number, number];
    const png = drawImage(width, height, body.prompt);
    remaining -= 1;
    const headers = { 'x-ratelimit-limit-requests': '50', 'x-ratelimit-remaining-requests': String(remaining), 'x-ratelimit-reset-requests': '1.2s' };
    const wantsUrl = state.answerWithUrl || (!model.startsWith('gpt-image') && body.response_format !== 'b64_json');
    if (wantsUrl) {
      const id = `img-${state.requests.length}.png`;
      files.set(id, png);
      return sendJson(res, 200, { created: 1_700_000_000, data: [{ url: `${state.origin}/files/${id}`, revised_prompt: body.prompt }] }, headers);
    }
    return sendJson(res, 200, { created: 1_700_000_000, data: [{ b64_json: png.toString('base64') }], usage: { total_tokens: 100 } }, headers);
  });
  state.origin = running.origin;
  return {
    ...running,
    baseUrl: `${running.origin}/v1`,
    requests: state.requests,
    failNext: (...next: typeof failures) => void failures.push(...next),
    get answerWithUrl() { return state.answerWithUrl; },
    set answerWithUrl(value: boolean) { state.answerWithUrl = value; },
    get anySize() { return state.anySize; },
    set anySize(value: boolean) { state.anySize = value; },
  };
}

function drawImage(width: number, height: number, prompt: string): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `hsl(${prompt.length * 37 % 360}, 60%, 50%)`;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#fff';
  ctx.fillRect(width / 4, height / 4, width / 2, height / 2);
  return canvas.encodeSync('png');
}
