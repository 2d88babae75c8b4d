// The videos domain's calls to the server that are not offline-first changes (those are the
// outbox kinds of video-sync.ts and music.ts, which build their own URLs): uploading a music track
// or a scene's own picture or clip with progress, downloading a finished video, and Lemonfox's
// voice preview. No React.
import { api, upload, type UploadProgress } from '../../../api';

export interface UploadMusicOptions {
  title?: string;
  /** The track's uuid chosen by the client (a retried upload does not make a second track). */
  id?: string;
  onProgress?: UploadProgress;
}

/** POST /api/upload-music (multipart `music`, optional `title`, `id`); 413 → "Server file size limit exceeded…". */
export function uploadMusic(file: File | Blob, options: UploadMusicOptions = {}): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('music', file);
  if (options.title) form.append('title', options.title);
  if (options.id) form.append('id', options.id);
  return upload<Record<string, unknown>>('/api/upload-music', form, file, options.onProgress);
}

export interface UploadSceneMediaOptions {
  onProgress?: UploadProgress;
}

/** POST /api/media (multipart `file`: an image ≤ 20 MB or a clip ≤ 200 MB) → 201 SceneMedia;
 *  413 → "Server file size limit exceeded…", 422 when the content is not an image or clip. */
export function uploadSceneMedia(file: File | Blob, options: UploadSceneMediaOptions = {}): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('file', file);
  return upload<Record<string, unknown>>('/api/media', form, file, options.onProgress);
}

/** A video as far as downloading it goes. */
export interface DownloadableVideo {
  id: string | number;
  ai_video?: { video_src?: string | null; [key: string]: unknown } | null;
  [key: string]: unknown;
}

/** Download an AI video and save it as `video-{id}.mp4` (spec §9). */
export async function downloadVideo(video: DownloadableVideo): Promise<void> {
  const src = video.ai_video?.video_src;
  if (!src) throw new Error('Video not available for download');
  const blob = (await api.get<Blob>(src, { responseType: 'blob' })).data;
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

/** The text Lemonfox reads when a preview names none. */
export const DEFAULT_PREVIEW_TEXT = 'Hello! This is a preview of how this voice sounds.';

/** POST /api/lemonfox-preview: a sample of the voice reading `text`. */
export async function previewLemonfoxVoice({ voice_id, text = DEFAULT_PREVIEW_TEXT }: { voice_id: string; text?: string }): Promise<unknown> {
  return (await api.post<unknown>('/api/lemonfox-preview', { voice_id, text })).data;
}
