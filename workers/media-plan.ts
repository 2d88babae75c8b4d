// The arithmetic of the media worker, kept pure so it is unit-tested
// without ffmpeg: reading ffprobe's JSON into the facts the screen shows, and choosing the bitrate
// and frame size that make a video fit a byte limit at the best quality that fits.

export interface ProbeFacts {
  /** Seconds (0 when the container does not say). */
  durationSeconds: number;
  sizeBytes: number;
  container: string | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** As stored (before rotation). */
  width: number | null;
  height: number | null;
  /** Clockwise degrees a player turns the picture: 0, 90, 180 or 270. */
  rotation: number;
  /** Bits per second of the whole file, when known. */
  bitRate: number | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number | string }[];
}

interface ProbeJson {
  streams?: ProbeStream[];
  format?: { duration?: string; size?: string; format_name?: string; bit_rate?: string };
}

function number(value: unknown): number | null {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

/** Display-matrix rotation (counter-clockwise in ffprobe) or the old `rotate` tag → clockwise 0/90/180/270. */
function rotationOf(stream: ProbeStream | undefined): number {
  if (!stream) return 0;
  const fromMatrix = stream.side_data_list?.map((entry) => number(entry.rotation)).find((value) => value !== null);
  if (fromMatrix !== undefined && fromMatrix !== null) return (((-Math.round(fromMatrix / 90) * 90) % 360) + 360) % 360;
  const tag = number(stream.tags?.rotate);
  if (tag !== null) return (((Math.round(tag / 90) * 90) % 360) + 360) % 360;
  return 0;
}

export function parseProbe(json: string, sizeBytes: number): ProbeFacts {
  const parsed = JSON.parse(json) as ProbeJson;
  const streams = parsed.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && stream.codec_name !== 'mjpeg' && stream.codec_name !== 'png');
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  return {
    durationSeconds: number(parsed.format?.duration) ?? 0,
    sizeBytes,
    container: parsed.format?.format_name ?? null,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    width: video?.width ?? null,
    height: video?.height ?? null,
    rotation: rotationOf(video),
    bitRate: number(parsed.format?.bit_rate),
  };
}

/** The frame as shown (after rotation). */
export function displaySize(facts: Pick<ProbeFacts, 'width' | 'height' | 'rotation'>): { width: number; height: number } | null {
  if (!facts.width || !facts.height) return null;
  return facts.rotation === 90 || facts.rotation === 270 ? { width: facts.height, height: facts.width } : { width: facts.width, height: facts.height };
}

export interface CompressionPlan {
  videoKbps: number;
  audioKbps: number;
  /** Output frame (even numbers), never larger than the source. */
  width: number;
  height: number;
}

/** Share of the limit the streams may use: the MP4 container and rate control need the rest. */
export const CONTAINER_HEADROOM = 0.92;
/** Below this a picture is no longer worth sending: the plan says it cannot fit. */
export const MIN_VIDEO_KBPS = 60;

/** Short side of the frame for a video bitrate: more bits, more pixels (H.264, talking-head content). */
export function shortSideFor(videoKbps: number): number {
  if (videoKbps >= 4000) return 1080;
  if (videoKbps >= 1800) return 720;
  if (videoKbps >= 900) return 540;
  if (videoKbps >= 450) return 360;
  return 240;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The best-quality settings whose expected size is within `maxBytes`, or null when even the
 * smallest sensible picture cannot fit. `scale` < 1 asks for a smaller result (a retry after an
 * encode overshot).
 */
export function planCompression(input: { durationSeconds: number; maxBytes: number; width: number; height: number; hasAudio: boolean; scale?: number }): CompressionPlan | null {
  const { durationSeconds, maxBytes, hasAudio } = input;
  if (!(durationSeconds > 0) || !(maxBytes > 0)) return null;
  const totalKbps = ((maxBytes * 8 * CONTAINER_HEADROOM) / durationSeconds / 1000) * (input.scale ?? 1);
  const audioKbps = hasAudio ? Math.round(Math.min(96, Math.max(24, totalKbps * 0.1))) : 0;
  // Never spend more than a good encode of the source needs: 8 Mbit/s is plenty for 1080p.
  const videoKbps = Math.floor(Math.min(8000, totalKbps - audioKbps));
  if (videoKbps < MIN_VIDEO_KBPS) return null;
  const shortSide = Math.min(input.width, input.height);
  const target = Math.min(shortSide, shortSideFor(videoKbps));
  const factor = target / shortSide;
  return { videoKbps, audioKbps, width: even(input.width * factor), height: even(input.height * factor) };
}

/**
 * The compress-to-fit encode of `input` to `output` with `plan`: H.264 veryfast capped at the
 * planned bitrate, mono AAC (or no audio), faststart MP4. One function, so the worker and the
 * benchmark's native baseline (tests/bench/media-worker.bench.ts) run the very same settings.
 */
export function compressionArgs(input: string, plan: CompressionPlan, output: string): string[] {
  const audio = plan.audioKbps > 0 ? ['-c:a', 'aac', '-b:a', `${plan.audioKbps}k`, '-ac', '1'] : ['-an'];
  return [
    '-i', input,
    '-map', '0:v:0', ...(plan.audioKbps > 0 ? ['-map', '0:a:0'] : []),
    '-vf', `scale=${plan.width}:${plan.height}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p',
    '-b:v', `${plan.videoKbps}k`, '-maxrate', `${plan.videoKbps}k`, '-bufsize', `${plan.videoKbps * 2}k`,
    ...audio,
    '-movflags', '+faststart',
    output,
  ];
}

/** Compact mono speech audio: 16 kHz Opus at 24 kbit/s in Ogg, or MP3 at 32 kbit/s if Opus is missing. */
export function speechAudioArgs(input: string, codec: 'opus' | 'mp3', output: string): string[] {
  const common = ['-i', input, '-vn', '-map', '0:a:0', '-ac', '1', '-ar', '16000'];
  return codec === 'opus' ? [...common, '-c:a', 'libopus', '-b:a', '24k', '-application', 'voip', output] : [...common, '-c:a', 'libmp3lame', '-b:a', '32k', output];
}

/** `-threads N` just before the output (the multi-thread core crashes on some presets without it). */
export function withThreadCount(args: string[], threads: number): string[] {
  const output = args.length - 1;
  return [...args.slice(0, output), '-threads', String(threads), ...args.slice(output)];
}
