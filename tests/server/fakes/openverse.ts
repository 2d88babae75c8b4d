// A local Openverse API (api.openverse.org/v1, as documented): GET /v1/images/ with q, license,
// license_type, extension, aspect_ratio, mature, page, page_size — parameters checked as the real
// one checks them (a bad value is a 400 with {"detail": {field: [messages]}}); anonymous callers
// get at most 20 results a page; optional OAuth2 client credentials (POST
// /v1/auth_tokens/token/, form-encoded) give a Bearer token; throttling is a 429 with
// Retry-After and DRF's {"detail": "Request was throttled…"}. Results carry the documented
// fields; their `url`s point back at this server and are real JPEGs of the stated shape.
import { createCanvas } from '@napi-rs/canvas';
import { listen, readBody, sendBytes, sendJson, type RunningFake } from './visual-fakes-http';

export interface FakeOpenverseImage {
  id: string;
  title: string | null;
  creator: string | null;
  tags: string[];
  license: string;
  license_version: string | null;
  width: number;
  height: number;
  filetype?: string;
  mature?: boolean;
  /** The file is gone at its source (Openverse's index lags behind deletions). */
  dead?: boolean;
}

export interface FakeOpenverse extends RunningFake {
  baseUrl: string;
  images: FakeOpenverseImage[];
  requests: Array<{ method: string; path: string; query: URLSearchParams; authorization: string | undefined; body: string }>;
  downloads: string[];
  /** The next API answer is this status and JSON body (with these headers). */
  failNext(status: number, body: unknown, headers?: Record<string, string>): void;
  /** Tokens handed out so far. */
  tokensIssued: number;
}

const LICENCES = ['by', 'by-nc', 'by-nc-nd', 'by-nc-sa', 'by-nd', 'by-sa', 'cc0', 'nc-sampling+', 'pdm', 'sampling+'];
const LICENCE_TYPES: Record<string, string[]> = {
  all: LICENCES,
  'all-cc': LICENCES.filter((code) => code !== 'pdm'),
  commercial: ['by', 'by-sa', 'by-nd', 'cc0', 'pdm', 'sampling+'],
  modification: ['by', 'by-sa', 'by-nc', 'by-nc-sa', 'cc0', 'pdm', 'sampling+', 'nc-sampling+'],
};
const EXTENSIONS = ['jpg', 'png', 'gif', 'svg', 'webp'];
const ASPECTS = ['tall', 'wide', 'square'];
const ANONYMOUS_PAGE_SIZE = 20;

function aspectOf(image: FakeOpenverseImage): string {
  return image.height > image.width ? 'tall' : image.width > image.height ? 'wide' : 'square';
}

/** A comma list whose every entry is allowed, or the 400 message for the first that is not. */
function checkList(value: string | null, allowed: string[], field: string): string[] | { error: Record<string, string[]> } | null {
  if (value === null) return null;
  const items = value.split(',').map((item) => item.trim().toLowerCase());
  const wrong = items.find((item) => !allowed.includes(item));
  return wrong === undefined ? items : { error: { [field]: [`Invalid value for ${field}: ${wrong}. Allowed: ${allowed.join(', ')}`] } };
}

export async function startFakeOpenverse(credentials = { clientId: 'openverse-client', clientSecret: 'openverse-secret' }): Promise<FakeOpenverse> {
  const failures: Array<{ status: number; body: unknown; headers?: Record<string, string> | undefined }> = [];
  const tokens = new Set<string>();
  const state = {
    images: [] as FakeOpenverseImage[],
    requests: [] as FakeOpenverse['requests'],
    downloads: [] as string[],
    origin: '',
  };
  const running = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname.startsWith('/cdn/')) {
      state.downloads.push(url.pathname);
      const image = state.images.find((candidate) => url.pathname === `/cdn/${candidate.id}.jpg`);
      if (!image || image.dead) return sendJson(res, 404, { error: 'Not found' });
      // A small JPEG of the stated shape (1/40 of its size), so the picture's orientation is real.
      const canvas = createCanvas(Math.max(8, Math.round(image.width / 40)), Math.max(8, Math.round(image.height / 40)));
      const context = canvas.getContext('2d');
      context.fillStyle = '#6a8';
      context.fillRect(0, 0, canvas.width, canvas.height);
      return sendBytes(res, 'image/jpeg', canvas.encodeSync('jpeg', 80));
    }
    const body = await readBody(req);
    state.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, authorization: req.headers.authorization, body });
    const failure = failures.shift();
    if (failure) return sendJson(res, failure.status, failure.body, failure.headers);

    if (url.pathname === '/v1/auth_tokens/token/') {
      if (req.method !== 'POST') return sendJson(res, 405, { detail: `Method "${req.method}" not allowed.` });
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'client_credentials') return sendJson(res, 400, { error: 'unsupported_grant_type' });
      if (form.get('client_id') !== credentials.clientId || form.get('client_secret') !== credentials.clientSecret) {
        return sendJson(res, 401, { error: 'invalid_client' });
      }
      const token = `token-${tokens.size + 1}`;
      tokens.add(token);
      return sendJson(res, 200, { access_token: token, scope: 'read write groups', expires_in: 36000, token_type: 'Bearer' });
    }

    if (url.pathname !== '/v1/images/') return sendJson(res, 404, { detail: 'Not found.' });
    if (req.method !== 'GET') return sendJson(res, 405, { detail: `Method "${req.method}" not allowed.` });
    const authorization = req.headers.authorization;
    const authenticated = authorization !== undefined && tokens.has(authorization.replace(/^Bearer /, ''));
    if (authorization !== undefined && !authenticated) return sendJson(res, 401, { detail: 'Invalid token.' });

    const query = url.searchParams;
    const problems: Record<string, string[]> = {};
    const licences = checkList(query.get('license'), LICENCES, 'license');
    const licenceType = checkList(query.get('license_type'), Object.keys(LICENCE_TYPES), 'license_type');
    const extensions = checkList(query.get('extension'), EXTENSIONS, 'extension');
    for (const checked of [licences, licenceType, extensions]) if (checked && 'error' in checked) Object.assign(problems, checked.error);
    const aspect = query.get('aspect_ratio');
    if (aspect !== null && !aspect.split(',').every((value) => ASPECTS.includes(value))) problems.aspect_ratio = [`"${aspect}" is not a valid choice.`];
    const mature = query.get('mature');
    if (mature !== null && !['true', 'false', '1', '0'].includes(mature.toLowerCase())) problems.mature = ['Must be a valid boolean.'];
    const pageSize = Number(query.get('page_size') ?? 20);
    const page = Number(query.get('page') ?? 1);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500) problems.page_size = ['Ensure this value is between 1 and 500.'];
    if (!Number.isInteger(page) || page < 1) problems.page = ['Ensure this value is greater than or equal to 1.'];
    if (Object.keys(problems).length > 0) return sendJson(res, 400, { detail: problems });
    if (!authenticated && pageSize > ANONYMOUS_PAGE_SIZE) {
      return sendJson(res, 401, { detail: { page_size: [`Page size must be between 1 and ${ANONYMOUS_PAGE_SIZE} for unauthenticated requests.`] } });
    }

    const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const allowedLicences = licences && !('error' in licences) ? licences : null;
    const typeLicences = licenceType && !('error' in licenceType) ? licenceType.flatMap((type) => LICENCE_TYPES[type]!) : null;
    const allowedExtensions = extensions && !('error' in extensions) ? extensions.map((ext) => (ext === 'jpeg' ? 'jpg' : ext)) : null;
    const found = state.images.filter((image) =>
      words.every((word) => image.tags.includes(word))
      && (!allowedLicences || allowedLicences.includes(image.license))
      && (!typeLicences || typeLicences.includes(image.license))
      && (!allowedExtensions || allowedExtensions.includes(image.filetype ?? 'jpg'))
      && (!aspect || aspect.split(',').includes(aspectOf(image)))
      && (mature === 'true' || mature === '1' || !image.mature));
    const results = found.slice((page - 1) * pageSize, page * pageSize).map((image) => ({
      id: image.id,
      title: image.title,
      indexed_on: '2024-05-01T00:00:00Z',
      foreign_landing_url: `https://www.flickr.com/photos/example/${image.id}`,
      url: `${state.origin}/cdn/${image.id}.jpg`,
      creator: image.creator,
      creator_url: image.creator ? `https://www.flickr.com/photos/${encodeURIComponent(image.creator)}` : null,
      license: image.license,
      license_version: image.license_version,
      license_url: `https://creativecommons.org/licenses/${image.license}/${image.license_version ?? '1.0'}/`,
      provider: 'flickr',
      source: 'flickr',
      category: 'photograph',
      filesize: null,
      filetype: image.filetype ?? 'jpg',
      tags: image.tags.map((name) => ({ name, accuracy: null })),
      attribution: `"${image.title ?? 'Untitled'}" by ${image.creator ?? 'unknown'} is licensed under CC ${image.license.toUpperCase()} ${image.license_version ?? ''}.`,
      fields_matched: ['title'],
      mature: image.mature ?? false,
      height: image.height,
      width: image.width,
      thumbnail: `${state.origin}/v1/images/${image.id}/thumb/`,
      detail_url: `${state.origin}/v1/images/${image.id}/`,
      related_url: `${state.origin}/v1/images/${image.id}/related/`,
      unstable__sensitivity: [],
    }));
    return sendJson(res, 200, {
      result_count: found.length,
      page_count: Math.ceil(found.length / pageSize),
      page_size: pageSize,
      page,
      results,
      warnings: [],
    });
  });
  state.origin = running.origin;
  return {
    ...running,
    baseUrl: `${running.origin}/v1/`,
    images: state.images,
    requests: state.requests,
    downloads: state.downloads,
    failNext: (status, body, headers) => void failures.push({ status, body, headers }),
    get tokensIssued() { return tokens.size; },
  };
}
