import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfState, uploadBrandLogo, uploadProfileImage } from '../../src/api';
import { createTranscription } from '../../src/features/transcription/data/transcription-http';
import { downloadVideo, uploadMusic } from '../../src/features/videos/data/videos-http';
import { fakeServer, type FakeServer } from './helpers/fake-server';

let server: FakeServer;

beforeEach(() => {
  resetCsrfState();
  localStorage.setItem('token', 'tok');
  server = fakeServer();
});
afterEach(() => {
  server.restore();
  vi.restoreAllMocks();
});

const mb = (n: number) => new Uint8Array(Math.round(n * 1024 * 1024));
const video = (sizeMb = 1) => new File([mb(sizeMb)], 'clip.mp4', { type: 'video/mp4' });

function formEntries(data: unknown): Record<string, unknown> {
  expect(data).toBeInstanceOf(FormData);
  const out: Record<string, unknown> = {};
  for (const [key, value] of (data as FormData).entries()) out[key] = value;
  return out;
}

describe('createTranscription', () => {
  it('sends multipart with the file, caption settings, and booleans as 1/0 (process_now defaults to true)', async () => {
    server.on('POST', '/api/transcriptions', { status: 201, body: { transcription: { id: 5 } } });
    const file = video(0.5);
    await expect(
      createTranscription({ video_file: file, caption_settings: { font: 'Inter', uppercase: true, outline: false, size: 42 }, render_video: false }),
    ).resolves.toEqual({ transcription: { id: 5 } });
    const fields = formEntries(server.calls('POST', '/api/transcriptions')[0]?.data);
    expect(fields.video_file).toBeInstanceOf(File);
    expect((fields.video_file as File).size).toBe(file.size);
    expect(fields).toMatchObject({
      'caption_settings[font]': 'Inter',
      'caption_settings[uppercase]': '1',
      'caption_settings[outline]': '0',
      'caption_settings[size]': '42',
      process_now: '1',
      render_video: '0',
    });
    expect(fields.skip_size_check).toBeUndefined();
  });

  it('sends process_now=0 and skip_size_check=1 when asked', async () => {
    server.on('POST', '/api/transcriptions', { body: { transcription: {} } });
    await createTranscription({ video_file: video(0.1), process_now: false, skip_size_check: true });
    expect(formEntries(server.calls('POST', '/api/transcriptions')[0]?.data)).toMatchObject({ process_now: '0', skip_size_check: '1' });
  });

  it.each([
    ['no file', {}],
    ['an empty file', { video_file: new File([], 'empty.mp4') }],
    ['not a file', { video_file: 'clip.mp4' as unknown as File }],
  ])('rejects %s, logs an error and sends nothing', async (_label, input) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(createTranscription(input)).rejects.toThrow(/video file/);
    expect(log).toHaveBeenCalled();
    expect(server.calls('POST', '/api/transcriptions')).toHaveLength(0);
  });

  it('JSON mode with video_url', async () => {
    server.on('POST', '/api/transcriptions', { body: { transcription: { id: 1 } } });
    await createTranscription({ video_url: 'https://example.com/a.mp4', caption_settings: { uppercase: true } });
    expect(server.calls('POST', '/api/transcriptions')[0]?.data).toEqual({
      video_url: 'https://example.com/a.mp4',
      caption_settings: { uppercase: 1 },
      process_now: 1,
    });
  });
});

describe('upload size limit', () => {
  it('"failed to upload" (Laravel 422) becomes "Server file size limit exceeded" with size, limit and advice', async () => {
    server.on('POST', '/api/transcriptions', {
      status: 422,
      body: { message: 'The video file failed to upload.', errors: { video_file: ['The video file failed to upload.'] }, max_size: 2 * 1024 * 1024 },
    });
    const error = await createTranscription({ video_file: video(3) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message.startsWith('Server file size limit exceeded')).toBe(true);
    expect(message).toContain('3.00 MB');
    expect(message).toContain('2.00 MB');
    expect(message).toMatch(/contact the administrator/i);
    expect(message).toMatch(/upload limits/i);
  });

  it('413 "too large" with the limit in the message', async () => {
    server.on('POST', '/api/upload-music', { status: 413, body: { message: 'The file is too large (limit 50 MB).' } });
    await expect(uploadMusic(new File([mb(60)], 'song.mp3'))).rejects.toThrow(/^Server file size limit exceeded.*60\.00 MB.*50 MB/);
  });

  it('413 without any body still maps to the size message', async () => {
    server.on('POST', '/api/brand/logo', { status: 413 });
    await expect(uploadBrandLogo(new File([mb(1)], 'logo.png'))).rejects.toThrow(/^Server file size limit exceeded/);
  });

  it('other upload errors reject with the server body', async () => {
    server.on('POST', '/api/user/profile/image', { status: 422, body: { message: 'The image must be an image.', errors: { image: ['x'] } } });
    await expect(uploadProfileImage(new File([mb(0.1)], 'a.txt'))).rejects.toEqual({ message: 'The image must be an image.', errors: { image: ['x'] } });
    const fields = formEntries(server.calls('POST', '/api/user/profile/image')[0]?.data);
    expect(fields.image).toBeInstanceOf(File);
  });
});

describe('downloadVideo', () => {
  it('fails with "Video not available for download" when video_src is empty', async () => {
    await expect(downloadVideo({ id: 3, ai_video: { video_src: '' } })).rejects.toThrow('Video not available for download');
    await expect(downloadVideo({ id: 3 })).rejects.toThrow('Video not available for download');
    expect(server.requests).toHaveLength(0);
  });

  it('saves the file as video-{id}.mp4', async () => {
    server.on('GET', '/media/3.mp4', { body: new Blob(['mp4']) });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:video');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href });
    });
    await downloadVideo({ id: 3, ai_video: { video_src: '/media/3.mp4' } });
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicks).toEqual([{ download: 'video-3.mp4', href: 'blob:video' }]);
    expect(server.calls('GET', '/media/3.mp4')[0]?.headers.authorization).toBe('Bearer tok');
  });
});
