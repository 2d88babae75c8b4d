// Minimal RIFF/WAVE handling for 16-bit PCM mono: the built-in engine writes it, providers asked
// for `wav` answer it, and chunked narrations are joined sample by sample (no re-encoding).

export interface Pcm {
  samples: Int16Array;
  sampleRate: number;
}

export function encodeWav({ samples, sampleRate }: Pcm): Buffer {
  const header = Buffer.alloc(44);
  const dataBytes = samples.length * 2;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, dataBytes)]);
}

export function isWav(audio: Buffer): boolean {
  return audio.length >= 12 && audio.toString('ascii', 0, 4) === 'RIFF' && audio.toString('ascii', 8, 12) === 'WAVE';
}

/**
 * Reads 16-bit PCM WAV (any channel count, mixed down to mono). Streaming servers write 0 or
 * 0xFFFFFFFF as the data size; the rest of the file is then taken as data.
 */
export function decodeWav(audio: Buffer): Pcm {
  if (!isWav(audio)) throw new Error('not a WAV file');
  let offset = 12;
  let channels = 1;
  let sampleRate = 0;
  while (offset + 8 <= audio.length) {
    const id = audio.toString('ascii', offset, offset + 4);
    const size = audio.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = audio.readUInt16LE(body);
      channels = audio.readUInt16LE(body + 2);
      sampleRate = audio.readUInt32LE(body + 4);
      const bits = audio.readUInt16LE(body + 14);
      if ((format !== 1 && format !== 0xfffe) || bits !== 16) throw new Error(`unsupported WAV encoding (format ${format}, ${bits} bits)`);
    } else if (id === 'data') {
      if (!sampleRate) throw new Error('WAV data before its format');
      const end = size === 0 || size === 0xffffffff || body + size > audio.length ? audio.length : body + size;
      const frames = Math.floor((end - body) / (2 * channels));
      if (channels === 1) {
        // Fast path (the common case): a copy, aligned for Int16Array (little-endian hosts).
        const copy = Buffer.from(audio.subarray(body, body + frames * 2));
        return { samples: new Int16Array(copy.buffer, copy.byteOffset, frames).slice(), sampleRate };
      }
      const samples = new Int16Array(frames);
      for (let frame = 0; frame < frames; frame++) {
        let sum = 0;
        for (let channel = 0; channel < channels; channel++) sum += audio.readInt16LE(body + (frame * channels + channel) * 2);
        samples[frame] = Math.round(sum / channels);
      }
      return { samples, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without data');
}

/** Joins PCM pieces of one sample rate, with `gapSeconds` of silence between them. */
export function concatPcm(pieces: readonly Pcm[], gapSeconds = 0): Pcm {
  const sampleRate = pieces[0]?.sampleRate ?? 22_050;
  if (pieces.some((piece) => piece.sampleRate !== sampleRate)) throw new Error('cannot join audio of different sample rates');
  const gap = Math.round(gapSeconds * sampleRate);
  const total = pieces.reduce((sum, piece) => sum + piece.samples.length, 0) + gap * Math.max(0, pieces.length - 1);
  const samples = new Int16Array(total);
  let at = 0;
  pieces.forEach((piece, index) => {
    if (index > 0) at += gap;
    samples.set(piece.samples, at);
    at += piece.samples.length;
  });
  return { samples, sampleRate };
}

export function pcmDuration({ samples, sampleRate }: Pcm): number {
  return samples.length / sampleRate;
}
