// Voices: the spec's GET /api/eleven-voices, GET /api/lemonfox-voices and
// POST /api/lemonfox-preview, plus GET /api/voices (every provider at once, for the picker) and
// POST /api/voices/preview (any provider). Lists and previews are cached in memory
// (server/domain/voices); provider failures answer 502/503/429 with a plain message, never 500.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_CODES, lemonfoxPreviewRequest, voicePreviewRequest, type VoiceProviderId } from '../../../contract';
import { answerOnce } from '../../domain/idempotency/idempotency';
import { ClientProblem } from '../../domain/problems';
import { PREVIEW_SAMPLES, PreviewCache, type Preview } from '../../domain/voices/previews';
import { SpeechProviderError } from '../../providers/tts/types';
import { requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotentRequestOf, REPLAYED_HEADER } from '../idempotency';
import { byUser, rateLimited } from '../rate-limits';
import { RequestValidationError, parseBody } from '../validation';

/** A provider's failure as the API answers it: the creator reads the message, the client the status. */
export function speechProblem(error: unknown, field = 'voice_id'): unknown {
  if (!(error instanceof SpeechProviderError)) return error;
  switch (error.kind) {
    case 'bad':
      return new RequestValidationError({ [field]: [error.message] });
    case 'rate':
      return new ClientProblem(429, error.message, { 'retry-after': '10' });
    case 'retry':
      return new ClientProblem(503, error.message, { 'retry-after': '30' });
    default:
      // auth (the operator's key or configuration) and quota: the gateway's fault, not the creator's.
      return new ClientProblem(error.status === 503 ? 503 : 502, error.message);
  }
}

/** Which preview an answer was: what an Idempotency-Key keeps for a preview (not the audio). */
interface PreviewAnswer {
  provider: VoiceProviderId;
  voice_id: string;
  language: string;
  text: string;
}

export function voiceRoutes(app: FastifyInstance, { voices: catalogue, database, config }: AppContext): void {
  const previews = new PreviewCache();
  const previewLimit = rateLimited(database.db, [{ bucket: 'voice-preview:user', limit: config.rateLimits.voicePreview, key: byUser }]);

  const listOf = (id: VoiceProviderId) => async () => {
    try {
      return await catalogue.list(id);
    } catch (error) {
      throw speechProblem(error);
    }
  };
  app.get('/api/eleven-voices', { preHandler: requireAuth }, listOf('elevenlabs'));
  app.get('/api/lemonfox-voices', { preHandler: requireAuth }, listOf('lemonfox'));
  app.get('/api/voices', { preHandler: requireAuth }, () => catalogue.all());

  const synthesize = async (wanted: PreviewAnswer): Promise<Preview> => {
    try {
      return await previews.preview(catalogue.provider(wanted.provider), { voiceId: wanted.voice_id, text: wanted.text, language: wanted.language });
    } catch (error) {
      throw speechProblem(error);
    }
  };

  async function sendPreview(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { provider: VoiceProviderId; voice_id: string; text: string; language?: string | undefined },
    textSent: boolean,
  ) {
    const provider = catalogue.provider(input.provider);
    if (!provider.configured) {
      throw new RequestValidationError({ provider: [`${provider.label} is not configured on this server.`] });
    }
    let voice;
    try {
      voice = await catalogue.find(input.provider, input.voice_id);
    } catch (error) {
      throw speechProblem(error);
    }
    if (!voice) throw new RequestValidationError({ voice_id: ['The selected voice is invalid.'] });
    const requested = input.language ? LANGUAGE_CODES[input.language as keyof typeof LANGUAGE_CODES] : undefined;
    const language = requested ?? voice.languages[0] ?? 'en';
    const text = textSent ? input.text : (PREVIEW_SAMPLES[language] ?? input.text);
    const wanted: PreviewAnswer = { provider: input.provider, voice_id: voice.voice_id, language, text };
    // An Idempotency-Key is bound to its request like on every route. The answer stored under it
    // says which preview it was; the audio stays in the preview cache (or is made again).
    const made: { preview?: Preview } = {};
    const result = await answerOnce(database.db, idempotentRequestOf(request), async () => {
      made.preview = await synthesize(wanted);
      return { status: 200, body: wanted };
    });
    const preview = made.preview ?? (await synthesize(result.body as PreviewAnswer));
    if (result.replayed) void reply.header(REPLAYED_HEADER, 'true');
    return reply.type(preview.contentType).header('cache-control', 'private, max-age=86400').send(preview.audio);
  }

  const textWasSent = (body: unknown) => typeof (body as { text?: unknown } | null)?.text === 'string';

  app.post('/api/lemonfox-preview', { preHandler: [requireAuth, previewLimit] }, async (request, reply) => {
    const input = parseBody(lemonfoxPreviewRequest, request.body);
    return sendPreview(request, reply, { provider: 'lemonfox', ...input }, textWasSent(request.body));
  });

  app.post('/api/voices/preview', { preHandler: [requireAuth, previewLimit] }, async (request, reply) => {
    const input = parseBody(voicePreviewRequest, request.body);
    if (input.language && !(input.language in LANGUAGE_CODES)) {
      throw new RequestValidationError({ language: ['The selected language has no voices.'] });
    }
    return sendPreview(request, reply, input, textWasSent(request.body));
  });
}
