// Openly licensed photos from Openverse (api.openverse.org): no key needed, so a server with a
// network and no Pexels key can still show real pictures. Only licences that allow use in a
// commercial, edited video are asked for and accepted (CC0, Public Domain Mark, CC BY, CC BY-SA —
// never NC or ND), and every photo carries its credit — title, author, licence, source page —
// for the video's description. Optional OAuth2 client credentials only raise the rate limits.
import { z } from 'zod';
import { downloadMedia } from './files';
import { sceneKeywords } from './keywords';
import { orientationOf } from './openai-images';
import { VisualProviderError, type SceneVisual, type SceneVisualRequest, type VisualLicence, type VisualProvider } from './types';
import { UsedPerVideo } from './used-per-video';

export interface OpenverseOptions {
  /** API base (default https://api.openverse.org/v1/). */
  baseUrl?: string | undefined;
  /** OAuth2 client credentials (registered at {base}auth_tokens/register/); both or neither. */
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /** Results asked for per search (anonymous callers may ask for at most 20). */
  pageSize?: number;
  timeoutMs?: number;
  maxPhotoBytes?: number;
  /** After a network failure, scenes skip the call for this long (each falls back at once). */
  offlinePauseMs?: number;
}

/** Licences that allow a commercial, modified (cropped, captioned) work. */
export const OPENVERSE_LICENCES = ['by', 'by-sa', 'cc0', 'pdm'] as const;
type Licence = (typeof OPENVERSE_LICENCES)[number];

const imageSchema = z.object({
  id: z.string(),
  title: z.string().nullish(),
  url: z.string().nullish(),
  creator: z.string().nullish(),
  license: z.string(),
  license_version: z.string().nullish(),
  license_url: z.string().nullish(),
  foreign_landing_url: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
  filetype: z.string().nullish(),
  mature: z.boolean().nullish(),
});
const searchAnswer = z.object({ results: z.array(z.unknown()), page_count: z.number().nullish() });
const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

export type OpenverseImage = z.infer<typeof imageSchema>;

/** Dead links are common in an index of other sites' files: try this many candidates. */
const DOWNLOAD_ATTEMPTS = 3;
const STILL_TYPES = new Set(['jpg', 'jpeg', 'png', 'webp']);
// Wikimedia (a large share of Openverse) refuses downloads without a descriptive User-Agent.
const USER_AGENT = 'Reelflow/1.0 (video renderer; openly licensed scene photos via Openverse)';

export class OpenverseProvider implements VisualProvider {
  readonly id = 'openverse';
  readonly label = 'Openverse openly licensed photos';
  private readonly base: string;
  private readonly used = new UsedPerVideo();
  private token: { value: string; expiresAt: number } | null = null;
  /** Until when calls are skipped: a 429's Retry-After, or a pause after a network failure. */
  private pausedUntil = 0;
  private pauseReason: VisualProviderError | null = null;

  constructor(private readonly options: OpenverseOptions = {}) {
    const base = options.baseUrl ?? 'https://api.openverse.org/v1/';
    this.base = base.endsWith('/') ? base : `${base}/`;
  }

  async sceneVisual(request: SceneVisualRequest, signal?: AbortSignal): Promise<SceneVisual> {
    const words = request.keywords.map((word) => word.trim()).filter(Boolean);
    const keywords = words.length > 0 ? words : sceneKeywords(request.prompt, 'english');
    if (keywords.length === 0) throw new VisualProviderError('This scene has no words to search openly licensed photos for.', 'bad');
    const orientation = orientationOf(request.width, request.height);
    const aspect = orientation === 'portrait' ? 'tall' : orientation === 'landscape' ? 'wide' : 'square';
    // The frame's shape first; then the main word in any shape (the composer crops to cover).
    const searches = [{ q: keywords.slice(0, 3).join(' '), aspect_ratio: aspect }, { q: keywords[0]!, aspect_ratio: null }];
    const used = this.used.for(request.outputBase);

    for (const search of searches) {
      let answer = searchAnswer.parse(await this.search(search.q, search.aspect_ratio, 1, signal));
      let candidates = usableImages(answer.results, used, Math.min(request.width, request.height));
      // A long video on one subject can use up the first page: one more page, no further (the
      // anonymous rate limit is low, and the built-in art is a fine substitute).
      if (candidates.length === 0 && answer.results.length > 0 && (answer.page_count ?? 1) > 1) {
        answer = searchAnswer.parse(await this.search(search.q, search.aspect_ratio, 2, signal));
        candidates = usableImages(answer.results, used, Math.min(request.width, request.height));
      }
      let lastProblem: VisualProviderError | null = null;
      for (const image of candidates.slice(0, DOWNLOAD_ATTEMPTS)) {
        try {
          const { path } = await downloadMedia(image.url!, request.outputBase, {
            maxBytes: this.options.maxPhotoBytes ?? 40_000_000,
            signal,
            headers: { 'user-agent': USER_AGENT },
            who: 'Openverse photo',
          });
          used.add(image.id);
          return {
            kind: 'image',
            path,
            width: image.width ?? request.width,
            height: image.height ?? request.height,
            attribution: openverseAttribution(image),
            licence: openverseLicence(image),
            label: this.label,
          };
        } catch (error) {
          // The file lives on another site (Flickr, Wikimedia…): gone, oversized, not an image or
          // that site failing — the next candidate. An abort ends the scene.
          if (!(error instanceof VisualProviderError) || signal?.aborted) throw error;
          lastProblem = error;
        }
      }
      if (lastProblem) throw lastProblem;
    }
    throw new VisualProviderError(`Openverse has no unused openly licensed photo for "${searches[0]!.q}".`, 'bad');
  }

  private async search(q: string, aspectRatio: string | null, page: number, signal?: AbortSignal): Promise<unknown> {
    const query = new URLSearchParams({
      q,
      license: OPENVERSE_LICENCES.join(','),
      extension: 'jpg,png',
      mature: 'false',
      page_size: String(this.options.pageSize ?? 20),
    });
    if (page > 1) query.set('page', String(page));
    if (aspectRatio) query.set('aspect_ratio', aspectRatio);
    const token = await this.accessToken(signal);
    const response = await this.call(`${this.base}images/?${query.toString()}`, {
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    }, signal);
    if (!response.ok) {
      if (response.status === 401 || response.status === 403) {
        // Ours to fix either way (credentials, or a request only an authenticated caller may make).
        this.token = null;
        if (token) {
          await response.body?.cancel();
          throw new VisualProviderError('Openverse rejected the access token of OPENVERSE_CLIENT_ID.', 'auth', response.status);
        }
        const detail = describeDetail(((await response.json().catch(() => null)) as { detail?: unknown } | null)?.detail);
        throw new VisualProviderError(`Openverse refused the anonymous search (HTTP ${response.status})${detail ? `: ${detail}` : ''}`, 'auth', response.status);
      }
      throw await this.failure(response, 'refused the search');
    }
    const json: unknown = await response.json().catch(() => null);
    if (json === null) throw new VisualProviderError('Openverse answered with something that is not JSON.', 'retry');
    return json;
  }

  /** A bearer token when client credentials are configured (cached until shortly before expiry). */
  private async accessToken(signal?: AbortSignal): Promise<string | null> {
    const { clientId, clientSecret } = this.options;
    if (!clientId || !clientSecret) return null;
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    const response = await this.call(`${this.base}auth_tokens/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
    }, signal);
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new VisualProviderError('Openverse rejected OPENVERSE_CLIENT_ID / OPENVERSE_CLIENT_SECRET.', 'auth', response.status);
    }
    if (!response.ok) throw await this.failure(response, 'refused an access token');
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new VisualProviderError('Openverse answered the token request with something unexpected.', 'retry');
    // Renewed a minute early so a render never sends a token that expires on the way.
    this.token = { value: parsed.data.access_token, expiresAt: Date.now() + Math.max(0, parsed.data.expires_in - 60) * 1000 };
    return this.token.value;
  }

  private async call(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    if (Date.now() < this.pausedUntil && this.pauseReason) throw this.pauseReason;
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    try {
      return await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      if (signal?.aborted) throw error;
      // Offline or Openverse down: the following scenes fall back at once instead of each
      // waiting for its own timeout.
      return this.pause(new VisualProviderError('Openverse could not be reached.', 'retry'), this.options.offlinePauseMs ?? 60_000);
    }
  }

  private pause(reason: VisualProviderError, ms: number): never {
    this.pausedUntil = Date.now() + ms;
    this.pauseReason = reason;
    throw reason;
  }

  /** The error of a non-2xx answer ({"detail": …} bodies), after the auth cases. */
  private async failure(response: Response, what: string): Promise<VisualProviderError> {
    const status = response.status;
    const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
    if (status === 429) {
      const seconds = retryAfterSeconds(response.headers.get('retry-after'));
      const reason = new VisualProviderError(
        `Openverse is rate limiting requests${seconds ? `; photos resume in ${seconds} s` : ''} (OPENVERSE_CLIENT_ID raises the limit).`,
        'rate',
        status,
      );
      if (seconds) this.pausedUntil = Date.now() + seconds * 1000;
      this.pauseReason = reason;
      return reason;
    }
    if (status >= 500) return new VisualProviderError(`Openverse is failing (HTTP ${status}).`, 'retry', status);
    const detail = describeDetail(body?.detail);
    return new VisualProviderError(`Openverse ${what} (HTTP ${status})${detail ? `: ${detail}` : ''}`, 'bad', status);
  }
}

/** Results this adapter may use, the ones large enough for the frame first (Openverse's
 *  relevance order otherwise). Licences are checked again: the filter is ours to honour. */
function usableImages(results: unknown[], used: Set<string>, frameShortSide: number): OpenverseImage[] {
  const images = results.flatMap((item) => {
    const parsed = imageSchema.safeParse(item);
    if (!parsed.success) return [];
    const image = parsed.data;
    const allowed = (OPENVERSE_LICENCES as readonly string[]).includes(image.license.toLowerCase());
    const still = !image.filetype || STILL_TYPES.has(image.filetype.toLowerCase());
    return allowed && still && image.url && image.mature !== true && !used.has(image.id) ? [image] : [];
  });
  const largeEnough = (image: OpenverseImage): boolean => Math.min(image.width ?? 0, image.height ?? 0) >= frameShortSide / 2;
  return [...images.filter(largeEnough), ...images.filter((image) => !largeEnough(image))];
}

/** "CC BY 4.0", "CC BY-SA 2.0", "CC0 1.0", "Public Domain Mark 1.0". */
export function licenceName(license: string, version: string | null | undefined): string {
  const code = license.toLowerCase() as Licence;
  const name = code === 'pdm' ? 'Public Domain Mark' : code === 'cc0' ? 'CC0' : `CC ${code.toUpperCase()}`;
  return version ? `${name} ${version}` : name;
}

function oneLine(text: string | null | undefined, max: number): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The licence facts of a result, kept per scene beside the credit line. */
export function openverseLicence(image: OpenverseImage): VisualLicence {
  return {
    name: licenceName(image.license, image.license_version),
    url: image.license_url ?? null,
    author: oneLine(image.creator, 200) || null,
    title: oneLine(image.title, 300) || null,
    source: image.foreign_landing_url ?? image.url ?? null,
  };
}

/** The credit a licence asks for: title, author, licence, and where the work lives. */
export function openverseAttribution(image: OpenverseImage): string {
  const title = oneLine(image.title, 120);
  const creator = oneLine(image.creator, 80);
  const work = title ? `"${title}"` : 'Untitled';
  const by = creator ? ` by ${creator}` : '';
  const source = image.foreign_landing_url ?? image.url;
  return `Photo: ${work}${by}, ${licenceName(image.license, image.license_version)}${source ? `, ${source}` : ''}`;
}

function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds > 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(1, Math.ceil((date - Date.now()) / 1000)) : null;
}

/** Openverse's `detail` is a sentence, or field → messages for a rejected parameter. */
function describeDetail(detail: unknown): string {
  if (typeof detail === 'string') return oneLine(detail, 200);
  if (detail && typeof detail === 'object') {
    const parts = Object.entries(detail as Record<string, unknown>).map(([field, messages]) =>
      `${field}: ${Array.isArray(messages) ? messages.map(String).join(' ') : String(messages)}`);
    return oneLine(parts.join('; '), 200);
  }
  return '';
}
