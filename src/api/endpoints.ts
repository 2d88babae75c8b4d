// One typed function per call of spec §7. Bodies the spec calls "passed through" are typed with a
// contract type where one exists, else as Record<string, unknown>; shapes the spec does not show
// are returned as `unknown`-ish records for the screens to narrow.
import type {
  ApplyLicenseRequest,
  ApplyLicenseResponse,
  AuthResponse,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  HealthResponse,
  LoginRequest,
  MessageResponse,
  PaymentApprovalResponse,
  Permissions,
  RegisterRequest,
  RegisterWithLicenseRequest,
  ResetPasswordRequest,
  ScriptWriterInfo,
  SpeechEngineStatus,
  User,
  ValidateLicenseRequest,
  ValidateLicenseResponse,
} from '../../contract';
import { api } from './client';
import { emitUnauthenticated } from './events';
import { getStoredToken, setStoredToken } from './token';
import { appendForm, uploadRejection } from './upload';

export type Body = Record<string, unknown>;
export type Id = string | number;

async function data<T>(request: Promise<{ data: T }>): Promise<T> {
  return (await request).data;
}

/** Drop undefined/null/empty-string query values so `?search=` is not sent for nothing. */
function query(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** Upload progress as a fraction 0–1 (null when the browser cannot tell the total). */
export type UploadProgress = (fraction: number | null) => void;

async function upload<T>(path: string, form: FormData, file: Blob, onProgress?: UploadProgress): Promise<T> {
  try {
    const onUploadProgress = onProgress ? (event: { loaded: number; total?: number }) => onProgress(event.total ? Math.min(1, event.loaded / event.total) : null) : undefined;
    return (await api.post<T>(path, form, { rawError: true, onUploadProgress })).data;
  } catch (error) {
    throw uploadRejection(error, file);
  }
}

// --- health ----------------------------------------------------------------------------------

export const fetchHealth = () => data(api.get<HealthResponse>('/api/health'));

// --- auth ------------------------------------------------------------------------------------

export const registerUser = (body: RegisterRequest) => data(api.post<AuthResponse>('/api/register', body));
export const loginUser = (body: LoginRequest) => data(api.post<AuthResponse>('/api/login', body));
export const logoutUser = () => data(api.post<MessageResponse | '' | null>('/api/logout'));
export const fetchUser = () => data(api.get<User>('/api/user'));
export const forgotPassword = (body: ForgotPasswordRequest) => data(api.post<ForgotPasswordResponse>('/api/forgot-password', body));
export const resetPassword = (body: ResetPasswordRequest) => data(api.post<MessageResponse>('/api/reset-password', body));
export const validateLicense = (body: ValidateLicenseRequest) => data(api.post<ValidateLicenseResponse>('/validate-license', body));

/** POST /api/register-with-license; the returned token is stored (spec §4, §7). */
export async function registerWithLicense(body: RegisterWithLicenseRequest): Promise<AuthResponse> {
  const response = await data(api.post<AuthResponse>('/api/register-with-license', body));
  if (response.token) setStoredToken(response.token);
  return response;
}

// --- user, profile, permissions, brand ------------------------------------------------------

export const fetchPermissions = () => data(api.get<Permissions>('/api/user/permissions'));
/** Same call, rejecting with the raw AxiosError so the caller can tell offline from an HTTP error. */
export const fetchPermissionsRaw = () => data(api.get<Permissions>('/api/user/permissions', { rawError: true }));
/** POST /api/user/license: a signed-in user applies a licence code (docs/decisions/plans.md). */
export const applyLicense = (body: ApplyLicenseRequest) => data(api.post<ApplyLicenseResponse>('/api/user/license', body));
export const changePassword = (body: ChangePasswordRequest) => data(api.post<MessageResponse>('/api/user/change-password', body));
export const fetchProfile = () => data(api.get<Body>('/api/user/profile'));
export const updateProfile = (body: Body) => data(api.put<Body>('/api/user/profile', body));
export const fetchBrandSettings = () => data(api.get<Body>('/api/brand/settings'));
export const updateBrandSettings = (body: Body) => data(api.put<Body>('/api/brand/settings', body));

export function uploadProfileImage(file: File | Blob): Promise<Body> {
  const form = new FormData();
  form.append('image', file);
  return upload<Body>('/api/user/profile/image', form, file);
}

export function uploadBrandLogo(file: File | Blob): Promise<Body> {
  const form = new FormData();
  form.append('logo', file);
  return upload<Body>('/api/brand/logo', form, file);
}

export interface UploadMusicOptions {
  title?: string;
  /** The track's uuid chosen by the client (a retried upload does not make a second track). */
  id?: string;
  onProgress?: UploadProgress;
}

/** POST /api/upload-music (multipart `music`, optional `title`, `id`); 413 → "Server file size limit exceeded…". */
export function uploadMusic(file: File | Blob, options: UploadMusicOptions = {}): Promise<Body> {
  const form = new FormData();
  form.append('music', file);
  if (options.title) form.append('title', options.title);
  if (options.id) form.append('id', options.id);
  return upload<Body>('/api/upload-music', form, file, options.onProgress);
}

export interface UploadSceneMediaOptions {
  onProgress?: UploadProgress;
}

/** POST /api/media (multipart `file`: an image ≤ 20 MB or a clip ≤ 200 MB) → 201 SceneMedia;
 *  413 → "Server file size limit exceeded…", 422 when the content is not an image or clip. */
export function uploadSceneMedia(file: File | Blob, options: UploadSceneMediaOptions = {}): Promise<Body> {
  const form = new FormData();
  form.append('file', file);
  return upload<Body>('/api/media', form, file, options.onProgress);
}

// --- payments ------------------------------------------------------------------------------

export const fetchPaymentApproval = () => data(api.get<PaymentApprovalResponse>('/api/stripe/payment-approval'));

// --- voices and scripts --------------------------------------------------------------------

export const DEFAULT_PREVIEW_TEXT = 'Hello! This is a preview of how this voice sounds.';
export const DEFAULT_SCRIPT_LANGUAGE = 'english';

export const fetchElevenVoices = () => data(api.get<unknown>('/api/eleven-voices'));
export const fetchLemonfoxVoices = () => data(api.get<unknown>('/api/lemonfox-voices'));
export const previewLemonfoxVoice = ({ voice_id, text = DEFAULT_PREVIEW_TEXT }: { voice_id: string; text?: string }) =>
  data(api.post<unknown>('/api/lemonfox-preview', { voice_id, text }));

/** GET /api/script-writer: the configured writer and the languages it writes. */
export const fetchScriptWriter = () => data(api.get<ScriptWriterInfo>('/api/script-writer'));

export interface GenerateScriptRequest {
  prompt: string;
  video_duration: number | string;
  language?: string;
  /** Sent as Idempotency-Key: a retry with the same key is answered from the first, never charged twice. */
  idempotencyKey?: string;
}

/** POST /api/generate-script. Requires a stored token (spec §5): without one the app is sent to
 *  /login (unauthenticated event) and the call rejects with "Authentication required". */
export async function generateScript({ prompt, video_duration, language = DEFAULT_SCRIPT_LANGUAGE, idempotencyKey }: GenerateScriptRequest): Promise<Body> {
  if (!getStoredToken()) {
    emitUnauthenticated();
    throw new Error('Authentication required');
  }
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
  return data(api.post<Body>('/api/generate-script', { prompt, video_duration, language }, headers ? { headers } : undefined));
}

// --- AI videos -----------------------------------------------------------------------------

export interface AiVideo {
  id: Id;
  ai_video?: { video_src?: string | null; [key: string]: unknown } | null;
  [key: string]: unknown;
}

export const fetchAiVideos = (params: Record<string, unknown> = {}) => data(api.get<unknown>('/api/ai-videos', { params: query(params) }));
export const fetchAiVideo = (id: Id) => data(api.get<AiVideo>(`/api/ai-videos/${encodeURIComponent(id)}`));
export const restartAiVideo = (id: Id) => data(api.post<Body>(`/api/ai-videos/${encodeURIComponent(id)}/restart`));
export const deleteAiVideo = (id: Id) => data(api.delete<Body | ''>(`/api/ai-videos/${encodeURIComponent(id)}`));

/** Download an AI video and save it as `video-{id}.mp4` (spec §9). */
export async function downloadVideo(video: AiVideo): Promise<void> {
  const src = video.ai_video?.video_src;
  if (!src) throw new Error('Video not available for download');
  const blob = await data(api.get<Blob>(src, { responseType: 'blob' }));
  const url = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `video-${video.id}.mp4`;
    anchor.rel = 'noopener';
    anchor.style.display = 'none';
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

// --- social accounts -----------------------------------------------------------------------

export interface ConnectParams {
  /** Where the product returns after the platform's consent page. */
  path?: string;
  /** Popup mode: sends popup=1; otherwise popup is not sent. */
  popup?: boolean;
}

function connectQuery({ path, popup }: ConnectParams): Record<string, unknown> {
  return query({ path, popup: popup ? 1 : undefined });
}

export interface CallbackParams {
  code?: string | null;
  scope?: string | null;
  path?: string | null;
  [key: string]: unknown;
}

export const connectYoutube = (params: ConnectParams = {}) => data(api.get<Body>('/api/youtube/connect', { params: connectQuery(params) }));
export const googleCallback = (params: CallbackParams) => data(api.get<Body>('/api/google/callback', { params: query(params) }));
export const connectTiktok = (params: ConnectParams = {}) => data(api.get<Body>('/api/tiktok/connect', { params: connectQuery(params) }));
export const tiktokCallback = (params: CallbackParams) => data(api.get<Body>('/api/tiktok/callback', { params: query(params) }));
export const connectInstagram = (params: ConnectParams = {}) => data(api.get<Body>('/api/instagram/connect', { params: connectQuery(params) }));
export const instagramCallback = (params: CallbackParams) => data(api.get<Body>('/api/instagram/callback', { params: query(params) }));

export const DEFAULT_ACCOUNTS_PER_PAGE = 10;

export interface AccountsQuery {
  page?: number;
  search?: string;
  per_page?: number;
}

export const fetchAccounts = ({ page, search, per_page = DEFAULT_ACCOUNTS_PER_PAGE }: AccountsQuery = {}) =>
  data(api.get<unknown>('/api/accounts', { params: query({ page, search, per_page }) }));
export const disconnectAccount = (body: Body) => data(api.post<Body>('/api/accounts/disconnect', body));

// --- publishing ----------------------------------------------------------------------------

export const fetchVideos = () => data(api.get<unknown>('/api/get/videos'));
export const createPost = (body: Body) => data(api.post<Body>('/api/create/post', body));
export const createDraftPost = (body: Body) => data(api.post<Body>('/api/create/post/draft', body));
export const fetchPosts = ({ page, status, query: search }: { page?: number; status?: string; query?: string } = {}) =>
  data(api.get<unknown>('/api/get/posts', { params: query({ page, status, query: search }) }));
/** GET /api/get/calendar/ — with the trailing slash, as the spec spells it. */
export const fetchCalendar = () => data(api.get<unknown>('/api/get/calendar/'));
export const createErrorLog = ({ path, message }: { path: string; message: string }) =>
  data(api.post<Body>('/api/create/error', { path, message }));
export const fetchFailedJobs = ({ page, query: search }: { page?: number; query?: string } = {}) =>
  data(api.get<unknown>('/api/get/failed-jobs', { params: query({ page, query: search }) }));
export const rescheduleFailedJob = ({ id }: { id: Id }) => data(api.post<Body>('/api/reschedule/failed-jobs', { id }));

// --- transcriptions ------------------------------------------------------------------------

export interface TranscriptionInput {
  /** The video to transcribe; required unless `video_url` names one the server can fetch. */
  video_file?: File | null;
  /** JSON mode: a video the server already has or can fetch (no upload). */
  video_url?: string;
  caption_settings?: Record<string, unknown>;
  /** Defaults to true (spec §9). */
  process_now?: boolean;
  skip_size_check?: boolean;
  render_video?: boolean;
}

export interface TranscriptionResponse {
  transcription: Body;
  [key: string]: unknown;
}

const bit = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** POST /api/transcriptions: multipart with video_file (the usual case) or JSON with video_url.
 *  Booleans go out as 1/0; caption_settings as `caption_settings[key]` fields in multipart. */
export async function createTranscription(input: TranscriptionInput): Promise<TranscriptionResponse> {
  const { video_file, video_url, caption_settings = {}, process_now = true, skip_size_check, render_video } = input;
  const flags = { process_now: bit(process_now), skip_size_check: bit(skip_size_check), render_video: bit(render_video) };

  if (video_file == null && typeof video_url === 'string' && video_url) {
    const settings = Object.fromEntries(Object.entries(caption_settings).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 1 : 0) : v]));
    return data(api.post<TranscriptionResponse>('/api/transcriptions', query({ video_url, caption_settings: settings, ...flags })));
  }

  if (!(video_file instanceof File) || video_file.size === 0) {
    const error = new Error('A non-empty video file is required for transcription');
    console.error('Invalid transcription upload: video_file must be a non-empty file', video_file);
    throw error;
  }

  const form = new FormData();
  form.append('video_file', video_file, video_file.name);
  appendForm(form, 'caption_settings', caption_settings);
  for (const [name, value] of Object.entries(flags)) if (value !== undefined) form.append(name, String(value));
  return upload<TranscriptionResponse>('/api/transcriptions', form, video_file);
}

/** GET /api/speech-engine: whether this server can transcribe, and its upload limit. */
export const fetchSpeechEngine = () => data(api.get<SpeechEngineStatus>('/api/speech-engine'));
export const fetchTranscriptions = () => data(api.get<unknown>('/api/transcriptions'));
export const fetchTranscription = (id: Id) => data(api.get<TranscriptionResponse>(`/api/transcriptions/${encodeURIComponent(id)}`));
