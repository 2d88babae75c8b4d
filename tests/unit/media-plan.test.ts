// The media worker's arithmetic — reading ffprobe's JSON (codecs,
// rotation) and choosing bitrate and frame so a video fits a byte limit at the best quality.
import { describe, expect, it } from 'vitest';
import { compressionArgs, CONTAINER_HEADROOM, displaySize, parseProbe, planCompression, speechAudioArgs, withThreadCount } from '../../workers/media-plan';

const probe = (streams: unknown[], format: Record<string, string> = { duration: '12.500000', format_name: 'mov,mp4,m4a,3gp,3g2,mj2', bit_rate: '800000' }) =>
  JSON.stringify({ streams, format });

describe('parseProbe', () => {
  it('reads duration, codecs, frame and container', () => {
    const facts = parseProbe(
      probe([
        { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080 },
        { codec_type: 'audio', codec_name: 'aac' },
      ]),
      1234,
    );
    expect(facts).toEqual({ durationSeconds: 12.5, sizeBytes: 1234, container: 'mov,mp4,m4a,3gp,3g2,mj2', videoCodec: 'h264', audioCodec: 'aac', width: 1920, height: 1080, rotation: 0, bitRate: 800000 });
  });

  it('turns the display matrix (counter-clockwise) into a clockwise quarter turn', () => {
    const phone = (rotation: number) =>
      parseProbe(probe([{ codec_type: 'video', codec_name: 'hevc', width: 1920, height: 1080, side_data_list: [{ side_data_type: 'Display Matrix', rotation }] }]), 1).rotation;
    expect(phone(-90)).toBe(90);
    expect(phone(90)).toBe(270);
    expect(phone(180)).toBe(180);
    expect(phone(-180)).toBe(180);
  });

  it('falls back to the old rotate tag', () => {
    expect(parseProbe(probe([{ codec_type: 'video', codec_name: 'h264', width: 4, height: 2, tags: { rotate: '270' } }]), 1).rotation).toBe(270);
  });

  it('ignores cover art as the video stream, and copes with audio-only files', () => {
    const facts = parseProbe(probe([{ codec_type: 'video', codec_name: 'mjpeg', width: 500, height: 500 }, { codec_type: 'audio', codec_name: 'mp3' }]), 1);
    expect(facts).toMatchObject({ videoCodec: null, audioCodec: 'mp3', width: null, height: null });
    expect(displaySize(facts)).toBeNull();
  });

  it('reports an unknown duration as 0', () => {
    expect(parseProbe(JSON.stringify({ streams: [{ codec_type: 'audio', codec_name: 'opus' }], format: {} }), 1).durationSeconds).toBe(0);
  });
});

describe('displaySize', () => {
  it('swaps width and height for a quarter turn', () => {
    expect(displaySize({ width: 1920, height: 1080, rotation: 90 })).toEqual({ width: 1080, height: 1920 });
    expect(displaySize({ width: 1920, height: 1080, rotation: 180 })).toEqual({ width: 1920, height: 1080 });
  });
});

describe('planCompression', () => {
  const MB = 1024 * 1024;

  it('spends the limit (less the container headroom) over the duration', () => {
    const plan = planCompression({ durationSeconds: 60, maxBytes: 50 * MB, width: 1080, height: 1920, hasAudio: true });
    expect(plan).not.toBeNull();
    const expectedKbps = (50 * MB * 8 * CONTAINER_HEADROOM) / 60 / 1000;
    expect(plan!.videoKbps + plan!.audioKbps).toBeLessThanOrEqual(Math.ceil(expectedKbps));
    expect(plan!.videoKbps + plan!.audioKbps).toBeGreaterThan(expectedKbps - 2);
    // ~6.4 Mbit/s: full HD stays full HD.
    expect(plan).toMatchObject({ width: 1080, height: 1920 });
  });

  it('shrinks the frame as the bitrate falls, keeping the aspect and even sizes', () => {
    const plan = planCompression({ durationSeconds: 600, maxBytes: 50 * MB, width: 1920, height: 1080, hasAudio: true })!;
    expect(plan.height).toBe(360);
    expect(plan.width).toBe(640);
    const odd = planCompression({ durationSeconds: 600, maxBytes: 50 * MB, width: 1918, height: 1078, hasAudio: false })!;
    expect(odd.width % 2).toBe(0);
    expect(odd.height % 2).toBe(0);
  });

  it('never makes the frame larger than the source', () => {
    expect(planCompression({ durationSeconds: 5, maxBytes: 50 * MB, width: 320, height: 240, hasAudio: true })).toMatchObject({ width: 320, height: 240 });
  });

  it('leaves out the audio budget for a silent video', () => {
    expect(planCompression({ durationSeconds: 10, maxBytes: MB, width: 640, height: 360, hasAudio: false })!.audioKbps).toBe(0);
  });

  it('a retry with a smaller scale asks for fewer bits', () => {
    const first = planCompression({ durationSeconds: 30, maxBytes: 5 * MB, width: 1280, height: 720, hasAudio: true })!;
    const retry = planCompression({ durationSeconds: 30, maxBytes: 5 * MB, width: 1280, height: 720, hasAudio: true, scale: 0.8 })!;
    expect(retry.videoKbps).toBeLessThan(first.videoKbps);
  });

  it('says it cannot fit when too few bits are left for a picture, or the duration is unknown', () => {
    expect(planCompression({ durationSeconds: 3600, maxBytes: 5 * MB, width: 1280, height: 720, hasAudio: true })).toBeNull();
    expect(planCompression({ durationSeconds: 0, maxBytes: 5 * MB, width: 1280, height: 720, hasAudio: true })).toBeNull();
  });
});

describe('ffmpeg arguments', () => {
  it('compresses with the planned frame and bitrates, mono AAC, output last', () => {
    const args = compressionArgs('/in/input', { videoKbps: 1500, audioKbps: 64, width: 960, height: 540 }, '/out.mp4');
    expect(args.slice(0, 2)).toEqual(['-i', '/in/input']);
    expect(args.at(-1)).toBe('/out.mp4');
    expect(args.join(' ')).toContain('-map 0:v:0 -map 0:a:0 -vf scale=960:540 -c:v libx264 -preset veryfast');
    expect(args.join(' ')).toContain('-b:v 1500k -maxrate 1500k -bufsize 3000k -c:a aac -b:a 64k -ac 1');
  });

  it('drops the audio map and stream when the plan has no audio', () => {
    const args = compressionArgs('/in/input', { videoKbps: 500, audioKbps: 0, width: 640, height: 360 }, '/out.mp4');
    expect(args).toContain('-an');
    expect(args).not.toContain('0:a:0');
  });

  it('extracts 16 kHz mono Opus, or MP3 as the fallback', () => {
    expect(speechAudioArgs('/in/input', 'opus', '/a.ogg').join(' ')).toBe('-i /in/input -vn -map 0:a:0 -ac 1 -ar 16000 -c:a libopus -b:a 24k -application voip /a.ogg');
    expect(speechAudioArgs('/in/input', 'mp3', '/a.mp3').join(' ')).toBe('-i /in/input -vn -map 0:a:0 -ac 1 -ar 16000 -c:a libmp3lame -b:a 32k /a.mp3');
  });

  it('puts the thread count just before the output', () => {
    expect(withThreadCount(['-i', 'x', '-c:v', 'libx264', 'out.mp4'], 2)).toEqual(['-i', 'x', '-c:v', 'libx264', '-threads', '2', 'out.mp4']);
  });
});
