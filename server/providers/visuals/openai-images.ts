// Scene images from any OpenAI-compatible image endpoint: POST {base}/images/generations
// (OpenAI dall-e-2/3 and gpt-image-*, and gateways or local servers that copy the protocol).
// Protocol facts: shared/reference/platforms.md §8b; error envelope §6.
import { loadImage } from '@napi-rs/canvas';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { ArtStyleName } from './art-styles';
import { downloadMedia, EXTENSIONS, sniffMedia, writeFileAtomic } from './files';
import { VisualProviderError, type SceneVisual, type SceneVisualRequest, type VisualProvider } from './types';

/** Appended to every scene prompt: the art style in words an image model follows. */
export const STYLE_PROMPT_SUFFIX: Record<ArtStyleName, string> = {
  realistic: 'Photorealistic photograph, natural light, sharp focus, realistic textures, 35mm lens.',
  cinematic: 'Cinematic film still, dramatic lighting, teal and orange color grade, anamorphic lens, shallow depth of field.',
  anime: 'Anime illustration, vibrant cel shading, clean line art, bright saturated sky, Japanese animation style.',
  comic: 'Comic book art, bold black ink outlines, flat primary colors, halftone dot shading, dynamic composition.',
  watercolor: 'Watercolor painting on textured paper, soft bleeding washes, gentle pastel colors, visible brush strokes.',
  'pixel-art': 'Pixel art, 16-bit retro video game style, limited color palette, crisp square pixels.',
  cyberpunk: 'Cyberpunk scene, neon magenta and cyan lights, rainy night city, glowing signs, futuristic, high contrast.',
  fantasy: 'Epic fantasy illustration, magical atmosphere, glowing light, majestic landscape, rich detailed painting.',
  minimalist: 'Minimalist flat design, simple geometric shapes, lots of negative space, limited soft color palette.',
  vintage: 'Vintage photograph, sepia tones, film grain, faded colors, 1970s analog film look, soft vignette.',
};

/** Captions are burned in later; letters drawn by an image model are usually garbled. */
const NO_TEXT = 'No text, no letters, no captions, no watermark.';

export type Orientation = 'portrait' | 'landscape' | 'square';

export function orientationOf(width: number, height: number): Orientation {
  const ratio = width / height;
  return ratio < 0.8 ? 'portrait' : ratio > 1.25 ? 'landscape' : 'square';
}

/** The size to ask for: each model family accepts only a few (dall-e-2 squares only). */
export function imageSizeFor(model: string, width: number, height: number): string {
  const orientation = orientationOf(width, height);
  const name = model.toLowerCase();
  if (name.startsWith('dall-e-2')) return '1024x1024';
  if (name.startsWith('gpt-image')) return { portrait: '1024x1536', landscape: '1536x1024', square: '1024x1024' }[orientation];
  // dall-e-3, and the sizes most compatible servers accept.
  return { portrait: '1024x1792', landscape: '1792x1024', square: '1024x1024' }[orientation];
}

export interface OpenAiImagesOptions {
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Overrides the per-family size, e.g. "768x1344" for a local server. */
  size?: string | undefined;
  timeoutMs?: number;
  /** Pause before the one retry of a 5xx or network failure. */
  retryDelayMs?: number;
  maxBytes?: number;
}

const answerSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().min(1).nullish(), url: z.string().min(1).nullish() })).min(1),
});

const errorSchema = z.object({
  error: z.object({ message: z.string().nullish(), type: z.string().nullish(), code: z.string().nullish() }).passthrough(),
});

export class OpenAiImagesProvider implements VisualProvider {
  readonly id = 'openai-images';
  readonly label: string;

  constructor(private readonly options: OpenAiImagesOptions) {
    this.label = `AI images (${options.model})`;
  }

  async sceneVisual(request: SceneVisualRequest, signal?: AbortSignal): Promise<SceneVisual> {
    try {
      return await this.attempt(request, signal);
    } catch (error) {
      if (!(error instanceof VisualProviderError) || error.kind !== 'retry' || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs ?? 1000));
      return this.attempt(request, signal);
    }
  }

  private async attempt(request: SceneVisualRequest, signal?: AbortSignal): Promise<SceneVisual> {
    const { model } = this.options;
    const family = model.toLowerCase();
    const prompt = `${request.prompt.trim().slice(0, 700)}\n\n${STYLE_PROMPT_SUFFIX[request.artStyle]} ${NO_TEXT}`;
    const body: Record<string, unknown> = {
      model,
      prompt,
      n: 1,
      size: this.options.size ?? imageSizeFor(model, request.width, request.height),
    };
    // gpt-image models always answer base64 and reject the parameter; everyone else is asked for it.
    if (!family.startsWith('gpt-image')) body.response_format = 'b64_json';

    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 120_000);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl.replace(/\/+$/, '')}/images/generations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new VisualProviderError(timedOut ? 'The image service did not answer in time.' : 'The image service could not be reached.', 'retry');
    }
    if (!response.ok) throw await imageServiceError(response);

    const answer = answerSchema.safeParse(await response.json().catch(() => null));
    const first = answer.success ? answer.data.data[0] : undefined;
    let path: string;
    let bytes: Uint8Array;
    if (first?.b64_json) {
      bytes = Buffer.from(first.b64_json, 'base64');
      const format = sniffMedia(bytes.subarray(0, 16));
      if (!format || format === 'mp4' || format === 'webm' || format === 'mov') {
        throw new VisualProviderError('The image service answered with something that is not an image.', 'retry');
      }
      path = `${request.outputBase}${EXTENSIONS[format]}`;
      await writeFileAtomic(path, bytes);
    } else if (first?.url) {
      // dall-e URLs expire after an hour: fetch the file now.
      ({ path } = await downloadMedia(first.url, request.outputBase, { maxBytes: this.options.maxBytes ?? 40_000_000, signal, who: 'image service' }));
      bytes = await readFile(path);
    } else {
      throw new VisualProviderError('The image service answered without an image.', 'retry');
    }
    const image = await loadImage(Buffer.from(bytes));
    return { kind: 'image', path, width: image.width, height: image.height, attribution: null, label: this.label };
  }
}

/** Maps the error envelope {"error":{message,type,code}} to a plain-language error kind. */
async function imageServiceError(response: Response): Promise<VisualProviderError> {
  const parsed = errorSchema.safeParse(await response.json().catch(() => null));
  const error = parsed.success ? parsed.data.error : { message: null, type: null, code: null };
  const status = response.status;
  // The provider's own words help the operator, but never for auth failures: OpenAI echoes part of the key there.
  const detail = error.message ? `: ${error.message.slice(0, 200)}` : '';
  if (status === 401 || status === 403) {
    return new VisualProviderError('The image service rejected the configured API key (IMAGES_API_KEY).', 'auth', status);
  }
  if (status === 429) {
    if (error.code === 'insufficient_quota' || error.type === 'insufficient_quota') {
      return new VisualProviderError('The image service account has run out of quota or credit.', 'quota', status);
    }
    const retryAfter = response.headers.get('retry-after');
    return new VisualProviderError(`The image service is rate limiting requests${retryAfter ? ` (try again in ${retryAfter} s)` : ''}.`, 'rate', status);
  }
  if (status >= 500) return new VisualProviderError(`The image service is failing (HTTP ${status}).`, 'retry', status);
  if (error.code === 'content_policy_violation' || error.type === 'image_generation_user_error') {
    return new VisualProviderError('The image service refused this scene under its content policy.', 'bad', status);
  }
  return new VisualProviderError(`The image service refused the request (HTTP ${status})${detail}`, 'bad', status);
}
