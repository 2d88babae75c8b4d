// The render's argv without running it: exact frame counts per scene, filter-value escaping,
// audio levelling and the thumbnail moment.
import { describe, expect, it } from 'vitest';
import { audioLevels, composeArgs, filterValue, PAN_OVERSCAN, sceneFrames, stillDrift, thumbnailTime, VOICE_LUFS } from '../../server/media/filtergraph';
import type { ComposeInput } from '../../server/media/types';

const input: ComposeInput = {
  scenes: [
    { path: '/in/b.png', kind: 'image', start: 3.33, duration: 3 },
    { path: '/in/a.png', kind: 'image', start: 0.2, duration: 3.1 },
    { path: '/in/c.mp4', kind: 'video', start: 6.66, duration: 3 },
  ],
  voicePath: '/in/voice.wav',
  music: { path: '/in/music.mp3', volume: 0.25 },
  assPath: "/srv/reelflow/a dir, it's [x]:y;z/captions.ass",
  fontsDir: '/cache/fonts-v1',
  width: 1080,
  height: 1920,
  fps: 30,
  duration: 10.01,
  watermark: true,
  outputPath: '/out/video.mp4',
  thumbnailPath: '/out/thumb.jpg',
};

describe('render argv', () => {
  it('gives scenes whole frames that add up to the whole video, in start order', () => {
    const frames = sceneFrames(input.scenes, input.duration, input.fps);
    expect(frames.map((scene) => scene.path)).toEqual(['/in/a.png', '/in/b.png', '/in/c.mp4']);
    expect(frames.map((scene) => scene.frames)).toEqual([100, 100, 100]);
    expect(frames.reduce((sum, scene) => sum + scene.frames, 0)).toBe(Math.round(10.01 * 30));
    expect(sceneFrames([{ path: 'x', kind: 'image', start: 0, duration: 1 }, { path: 'y', kind: 'image', start: 0, duration: 1 }], 2, 30)).toEqual([{ path: 'y', kind: 'image', frames: 60 }]);
  });

  it('escapes filter values for both graph levels', () => {
    expect(filterValue("/a b,c'd[e]:f;g\\h")).toBe("/a b\\,c\\\\\\'d\\[e\\]\\\\:f\\;g\\\\\\\\h");
  });

  it('levels voice and music from their loudness and leaves out silent or muted music', () => {
    expect(audioLevels(-26, -10, 0.25)).toEqual({ voiceGainDb: VOICE_LUFS + 26, musicGainDb: expect.closeTo(VOICE_LUFS - 12.04 + 10, 2) as number });
    expect(audioLevels(null, null, 0.25)).toEqual({ voiceGainDb: 0, musicGainDb: null });
    expect(audioLevels(-16, -14, 0)).toEqual({ voiceGainDb: 0, musicGainDb: null });
    expect(audioLevels(-90, -14, 1).voiceGainDb).toBe(30);
  });

  it('loops clips and music, maps one video and one audio output, and writes MP4 + JPEG', () => {
    const args = composeArgs(input, { video: '/out/v.part', thumbnail: '/out/t.part', thumbnailTime: 2 }, audioLevels(-20, -20, 0.25));
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(args.join(' ')).toContain('-stream_loop -1 -i /in/c.mp4');
    expect(args.join(' ')).toContain('-stream_loop -1 -i /in/music.mp3');
    expect(graph).toContain('concat=n=3:v=1:a=0');
    expect(graph).toContain('sidechaincompress');
    expect(graph).toContain('loudnorm=I=-14:TP=-1.5');
    expect(graph).toContain(`ass=filename=${filterValue(input.assPath!)}`);
    expect(graph).toContain('trim=start_frame=60:end_frame=61');
    expect(args).toEqual(expect.arrayContaining(['-movflags', '+faststart', '-t', '10.010']));
    expect(args.slice(-1)).toEqual(['/out/t.part']);
    const noMusic = composeArgs({ ...input, music: null, assPath: null, watermark: false }, { video: 'v', thumbnail: 't', thumbnailTime: 0 }, audioLevels(-20, null, null));
    const plainGraph = noMusic[noMusic.indexOf('-filter_complex') + 1]!;
    expect(plainGraph).not.toMatch(/sidechaincompress|ass=|drawtext/);
  });

  it('takes the thumbnail inside the first caption shown after a second', () => {
    const ass = 'Dialogue: 1,0:00:00.20,0:00:00.80,Text,,0,0,0,,A\nDialogue: 1,0:00:01.20,0:00:01.60,Text,,0,0,0,,B\n';
    expect(thumbnailTime(ass, 10)).toBeCloseTo(1.4);
    expect(thumbnailTime(null, 9)).toBe(3);
  });

  describe('still motion', () => {
    const one = (motion?: ComposeInput['scenes'][number]['motion'], kind: 'image' | 'video' = 'image') => {
      const scene = { path: '/in/a.png', kind, start: 0, duration: 2, ...(motion ? { motion } : {}) };
      const args = composeArgs({ ...input, scenes: [scene], duration: 2, music: null, assPath: null, watermark: false }, { video: 'v', thumbnail: 't', thumbnailTime: 0 }, audioLevels(-16, null, null));
      return args[args.indexOf('-filter_complex') + 1]!.split(';')[0]!;
    };
    const eased = '(0.5-0.5*cos(PI*min(t/2.000,1)))';

    it('pans the way the hint says, over the share of the frame it asks for', () => {
      // 10 % pan: the still is scaled to 110 % and the view travels the whole slack.
      const right = one({ pan: 'right', zoom: 'none', amount: 0.1 });
      expect(right).toContain('scale=1188:2112:force_original_aspect_ratio=increase');
      expect(right).toContain(`crop=1080:1920:x='(iw-ow)*(0.0000+1.0000*${eased})':y='(ih-oh)/2':exact=1`);
      expect(one({ pan: 'left', zoom: 'none', amount: 0.1 })).toContain(`x='(iw-ow)*(1.0000+-1.0000*${eased})':y='(ih-oh)/2'`);
      const up = one({ pan: 'up', zoom: 'none', amount: 0.04 });
      expect(up).toContain('scale=1124:1996:');
      expect(up).toContain(`x='(iw-ow)/2':y='(ih-oh)*(1.0000+-1.0000*${eased})'`);
      expect(one({ pan: 'down', zoom: 'none', amount: 0.2 })).toContain(`y='(ih-oh)*(0.0000+1.0000*${eased})'`);
    });

    it('maps zoom to a drift (sideways with a pan, diagonal alone) and keeps amounts in 0–0.2', () => {
      expect(stillDrift({ pan: 'right', zoom: 'in', amount: 0.06 }, 0)).toEqual({ dx: 0.06, dy: 0.03 });
      expect(stillDrift({ pan: 'up', zoom: 'out', amount: 0.08 }, 0)).toEqual({ dx: -0.04, dy: -0.08 });
      expect(stillDrift({ pan: 'none', zoom: 'in', amount: 0.12 }, 0)).toEqual({ dx: 0.0849, dy: 0.0849 });
      expect(stillDrift({ pan: 'none', zoom: 'out', amount: 0.12 }, 0)).toEqual({ dx: -0.0849, dy: -0.0849 });
      expect(stillDrift({ pan: 'left', zoom: 'none', amount: 5 }, 0)).toEqual({ dx: -0.2, dy: 0 });
      expect(stillDrift({ pan: 'left', zoom: 'none', amount: Number.NaN }, 0)).toEqual({ dx: 0, dy: 0 });
      // Pan right + zoom in: full travel across, a quarter-to-three-quarters drift down.
      expect(one({ pan: 'right', zoom: 'in', amount: 0.06 })).toContain(`y='(ih-oh)*(0.2500+0.5000*${eased})'`);
    });

    it('holds a still without motion still, and pans hint-less stills by 8 % in turning directions', () => {
      const still = one({ pan: 'none', zoom: 'none', amount: 0.1 });
      expect(still).toContain('scale=1080:1920:');
      expect(still).toContain(`x='(iw-ow)/2':y='(ih-oh)/2'`);
      expect(one()).toContain(`scale=${Math.round(1080 * PAN_OVERSCAN / 2) * 2}:${Math.round(1920 * PAN_OVERSCAN / 2) * 2}:`);
      expect(one()).toContain(`x='(iw-ow)*(0.0000+1.0000*${eased})'`);
      expect([0, 1, 2, 3].map((index) => stillDrift(undefined, index))).toEqual([
        { dx: expect.closeTo(0.08, 6) as number, dy: 0 },
        { dx: expect.closeTo(-0.08, 6) as number, dy: 0 },
        { dx: 0, dy: expect.closeTo(0.08, 6) as number },
        { dx: 0, dy: expect.closeTo(-0.08, 6) as number },
      ]);
    });

    it('leaves clips alone whatever the hint', () => {
      const clip = one({ pan: 'right', zoom: 'in', amount: 0.2 }, 'video');
      expect(clip).toBe(one(undefined, 'video'));
      expect(clip).not.toContain("x='");
    });

    it('carries the hint through to the scene frames', () => {
      const motion = { pan: 'up' as const, zoom: 'none' as const, amount: 0.1 };
      expect(sceneFrames([{ path: 'x', kind: 'image', start: 0, duration: 1, motion }], 1, 30)).toEqual([{ path: 'x', kind: 'image', frames: 30, motion }]);
    });
  });
});
