// Uploads are checked by content, never by the name or the type the browser sent: ffprobe reads
// the container and streams (music, clips, image headers), ffmpeg decodes images whole (a
// truncated or corrupt picture fails here, not in the middle of a render). The type we store and
// serve is the one the content proves.
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { spawnChild } from './processes';

/** Longest a probe or decode may run: a hostile file must not hold a request forever. */
const TOOL_TIMEOUT_MS = 30_000;
/** ffprobe's confidence (0–100); below this a "detected" format is likely noise. */
const MIN_PROBE_SCORE = 25;
const MIN_DURATION_SECONDS = 0.1;
export const MAX_MUSIC_SECONDS = 3 * 3600;
export const MAX_CLIP_SECONDS = 10 * 60;
/** Larger pictures are refused before decoding (a tiny PNG can claim 50,000 x 50,000 pixels). */
export const MAX_MEDIA_DIMENSION = 8192;
const MAX_IMAGE_PIXELS = 40_000_000;

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}
export interface Probe {
  format: { format_name?: string; duration?: string; probe_score?: number; tags?: Record<string, string> };
  streams: ProbeStream[];
}

interface ToolResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(binary: string, args: string[]): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawnChild(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: TOOL_TIMEOUT_MS, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < 1_000_000) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** ffprobe's view of a file, or null when it is not a media file ffprobe can read. */
export async function probeFile(path: string): Promise<Probe | null> {
  const result = await run(ffprobeInstaller.path, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', path]);
  if (result.code !== 0) return null;
  try {
    const parsed = JSON.parse(result.stdout) as Partial<Probe>;
    if (!parsed.format || !Array.isArray(parsed.streams)) return null;
    if ((parsed.format.probe_score ?? 0) < MIN_PROBE_SCORE) return null;
    return { format: parsed.format, streams: parsed.streams };
  } catch {
    return null;
  }
}

function durationOf(probe: Probe): number | null {
  const candidates = [probe.format.duration, ...probe.streams.map((s) => s.duration)].map(Number).filter((n) => Number.isFinite(n) && n > 0);
  return candidates.length > 0 ? Math.max(...candidates) : null;
}

const realVideoStreams = (probe: Probe) => probe.streams.filter((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);

/** What a checked upload is: the type we store and serve, and the extension of its key. */
export interface MediaKind {
  mimeType: string;
  extension: string;
}

/** A refusal may say the file is over a limit of its kind (the caller answers 413 with it). */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; overLimitBytes?: number };

const AUDIO_FORMATS: Record<string, MediaKind> = {
  mp3: { mimeType: 'audio/mpeg', extension: 'mp3' },
  'mov,mp4,m4a,3gp,3g2,mj2': { mimeType: 'audio/mp4', extension: 'm4a' },
  aac: { mimeType: 'audio/aac', extension: 'aac' },
  wav: { mimeType: 'audio/wav', extension: 'wav' },
  ogg: { mimeType: 'audio/ogg', extension: 'ogg' },
  flac: { mimeType: 'audio/flac', extension: 'flac' },
};

export const AUDIO_FORMATS_TEXT = 'MP3, M4A, AAC, WAV, OGG or FLAC';

/** A music upload: an audio file of a known format with a real duration — not a video. */
export async function checkAudio(path: string): Promise<Checked<MediaKind & { duration: number }>> {
  const notAudio = { ok: false as const, message: `The music must be an audio file (${AUDIO_FORMATS_TEXT}).` };
  const probe = await probeFile(path);
  if (!probe) return notAudio;
  if (realVideoStreams(probe).length > 0) return { ok: false, message: `This file is a video. Upload an audio file (${AUDIO_FORMATS_TEXT}).` };
  const kind = AUDIO_FORMATS[probe.format.format_name ?? ''];
  if (!kind || !probe.streams.some((s) => s.codec_type === 'audio')) return notAudio;
  const duration = durationOf(probe);
  if (duration === null || duration < MIN_DURATION_SECONDS) return { ok: false, message: 'The music file has no playable length.' };
  if (duration > MAX_MUSIC_SECONDS) return { ok: false, message: `The music must not be longer than ${MAX_MUSIC_SECONDS / 3600} hours.` };
  return { ok: true, value: { ...kind, duration } };
}

export interface VisualInfo extends MediaKind {
  kind: 'image' | 'video';
  width: number;
  height: number;
  duration: number | null;
}

const IMAGE_FORMATS: Record<string, MediaKind> = {
  png_pipe: { mimeType: 'image/png', extension: 'png' },
  jpeg_pipe: { mimeType: 'image/jpeg', extension: 'jpg' },
  webp_pipe: { mimeType: 'image/webp', extension: 'webp' },
};
const WEBM_VIDEO_CODECS = new Set(['vp8', 'vp9', 'av1']);
export const SCENE_MEDIA_FORMATS_TEXT = 'a PNG, JPEG or WebP image, or an MP4, MOV or WebM clip';

/** ffmpeg decodes every frame; any complaint means a damaged file. */
async function decodesCleanly(path: string): Promise<boolean> {
  const result = await run(ffmpegInstaller.path, ['-v', 'error', '-nostdin', '-i', path, '-f', 'null', '-']);
  return result.code === 0 && result.stderr.trim() === '';
}

/**
 * A scene upload: a PNG/JPEG/WebP image that decodes whole, or an MP4/MOV/WebM clip. Images
 * have their own, smaller size limit, checked before decoding.
 */
export async function checkSceneMedia(path: string, sizeBytes: number, imageLimitBytes: number): Promise<Checked<VisualInfo>> {
  const refused = { ok: false as const, message: `The file must be ${SCENE_MEDIA_FORMATS_TEXT}.` };
  const probe = await probeFile(path);
  if (!probe) return refused;
  const formatName = probe.format.format_name ?? '';
  const [video] = realVideoStreams(probe);
  const width = video?.width ?? 0;
  const height = video?.height ?? 0;
  if (!video || width <= 0 || height <= 0) return refused;
  if (width > MAX_MEDIA_DIMENSION || height > MAX_MEDIA_DIMENSION) {
    return { ok: false, message: `The picture must not be larger than ${MAX_MEDIA_DIMENSION} x ${MAX_MEDIA_DIMENSION} pixels.` };
  }

  const image = IMAGE_FORMATS[formatName];
  if (image) {
    if (sizeBytes > imageLimitBytes) return { ok: false, message: 'The image is over its size limit.', overLimitBytes: imageLimitBytes };
    if (width * height > MAX_IMAGE_PIXELS) return { ok: false, message: `The image must not have more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.` };
    if (!(await decodesCleanly(path))) return { ok: false, message: 'The image is damaged or incomplete and cannot be read.' };
    return { ok: true, value: { ...image, kind: 'image', width, height, duration: null } };
  }

  let clip: MediaKind | null = null;
  if (formatName === 'mov,mp4,m4a,3gp,3g2,mj2') {
    const brand = probe.format.tags?.major_brand?.trim();
    clip = brand === 'qt' ? { mimeType: 'video/quicktime', extension: 'mov' } : { mimeType: 'video/mp4', extension: 'mp4' };
  } else if (formatName === 'matroska,webm' && WEBM_VIDEO_CODECS.has(video.codec_name ?? '')) {
    clip = { mimeType: 'video/webm', extension: 'webm' };
  }
  if (!clip) return refused;
  const duration = durationOf(probe);
  if (duration === null || duration < MIN_DURATION_SECONDS) return { ok: false, message: 'The clip has no playable length.' };
  if (duration > MAX_CLIP_SECONDS) return { ok: false, message: `A clip must not be longer than ${MAX_CLIP_SECONDS / 60} minutes.` };
  return { ok: true, value: { ...clip, kind: 'video', width, height, duration } };
}

/** What a transcription upload is: any audio or video container ffprobe recognises, with sound. */
export interface SpeechMediaInfo extends MediaKind {
  hasVideo: boolean;
  duration: number | null;
}

export const SPEECH_MEDIA_TEXT = 'a video or audio file (for example MP4, MOV, WebM, MKV, MP3, M4A, WAV, OGG or FLAC)';

const SPEECH_CONTAINERS: Record<string, { video: MediaKind; audio: MediaKind }> = {
  'mov,mp4,m4a,3gp,3g2,mj2': { video: { mimeType: 'video/mp4', extension: 'mp4' }, audio: { mimeType: 'audio/mp4', extension: 'm4a' } },
  'matroska,webm': { video: { mimeType: 'video/webm', extension: 'webm' }, audio: { mimeType: 'audio/webm', extension: 'webm' } },
  avi: { video: { mimeType: 'video/x-msvideo', extension: 'avi' }, audio: { mimeType: 'video/x-msvideo', extension: 'avi' } },
  mpegts: { video: { mimeType: 'video/mp2t', extension: 'ts' }, audio: { mimeType: 'video/mp2t', extension: 'ts' } },
};

/**
 * A transcription upload, by content (ffprobe reads the container's own header, never the name or
 * the browser's type): a video or audio container with at least one audio stream.
 */
export async function checkSpeechMedia(path: string): Promise<Checked<SpeechMediaInfo>> {
  const refused = { ok: false as const, message: `The file must be ${SPEECH_MEDIA_TEXT}.` };
  const probe = await probeFile(path);
  if (!probe) return refused;
  const formatName = probe.format.format_name ?? '';
  const hasVideo = realVideoStreams(probe).length > 0;
  const hasAudio = probe.streams.some((s) => s.codec_type === 'audio');
  const container = SPEECH_CONTAINERS[formatName];
  let kind: MediaKind | undefined;
  if (container) {
    const brand = probe.format.tags?.major_brand?.trim();
    kind = hasVideo ? (formatName.startsWith('mov') && brand === 'qt' ? { mimeType: 'video/quicktime', extension: 'mov' } : container.video) : container.audio;
    if (formatName === 'matroska,webm' && hasVideo && !WEBM_VIDEO_CODECS.has(realVideoStreams(probe)[0]?.codec_name ?? '')) kind = { mimeType: 'video/x-matroska', extension: 'mkv' };
  } else if (!hasVideo) {
    kind = AUDIO_FORMATS[formatName];
  }
  if (!kind) return refused;
  if (!hasAudio) return { ok: false, message: 'This file has no sound to transcribe.' };
  const duration = durationOf(probe);
  if (duration !== null && duration < MIN_DURATION_SECONDS) return { ok: false, message: 'The file has no playable length.' };
  return { ok: true, value: { ...kind, hasVideo, duration } };
}
