// A resumable (tus 1.0) upload that crosses API processes and survives one being killed: created
// and first PATCHed on A, continued on B, then A is killed with SIGKILL while a PATCH to it is
// half sent; the client asks B where the upload stands (HEAD) and finishes it there, while A
// starts again. Plain HTTP, so every request goes exactly where the run says.
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { ReelflowProcess } from './processes';

const TUS = { 'tus-resumable': '1.0.0' };
const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/** A mono 16-bit PCM WAV of a tone: a file the server's media check takes as speech audio. */
export function toneWav(bytes: number): Buffer {
  const sampleRate = 16_000;
  const samples = Math.floor((bytes - 44) / 2);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), 44 + i * 2);
  return wav;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface UploadOutcome {
  uploadId: string | null;
  /** Steps that went wrong, in plain words (empty: the upload crossed processes and finished). */
  problems: string[];
  /** HEAD on B right after A was killed: the offset it reported, or its status when not 200. */
  resumedAt: number | null;
  /** From the kill to the first byte B accepted after it. */
  takeoverMs: number | null;
  /** The offset the restarted A reports once the upload is done (both processes agree). */
  finalOffsetOnRestartedA: number | null;
  requests: number;
}

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function tusCall(url: string, method: string, token: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Answer> {
  const response = await fetch(url, { method, headers: { ...TUS, authorization: `Bearer ${token}`, ...headers }, ...(body ? { body } : {}) });
  return { status: response.status, headers: response.headers, body: method === 'HEAD' ? '' : await response.text() };
}

const offsetOf = (answer: Answer) => Number(answer.headers.get('upload-offset'));

/** A PATCH whose body stops halfway; resolves once `halfSent` ran and the connection ended. */
function halfSentPatch(url: string, token: string, offset: number, chunk: Buffer, halfSent: () => Promise<void>): Promise<string> {
  return new Promise((resolve) => {
    const request = httpRequest(url, {
      method: 'PATCH',
      headers: { ...TUS, authorization: `Bearer ${token}`, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), 'content-length': String(chunk.length) },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(`answered ${response.statusCode} before the kill`);
    });
    request.on('error', (error) => resolve(`ended: ${error.message}`));
    request.write(chunk.subarray(0, Math.floor(chunk.length / 2)), () => {
      // Let the half reach the server's store before the process dies.
      void sleep(500)
        .then(halfSent)
        .then(() => request.destroy());
    });
  });
}

export async function uploadAcrossProcesses(options: {
  file: Buffer;
  chunkBytes: number;
  token: string;
  a: ReelflowProcess;
  b: ReelflowProcess;
  /** Runs just before A is killed (the run notes what was in flight). */
  beforeKill: () => Promise<void>;
}): Promise<UploadOutcome> {
  const { file, chunkBytes, token, a, b } = options;
  const outcome: UploadOutcome = { uploadId: null, problems: [], resumedAt: null, takeoverMs: null, finalOffsetOnRestartedA: null, requests: 0 };
  const call = (...args: Parameters<typeof tusCall>) => {
    outcome.requests += 1;
    return tusCall(...args);
  };
  const metadata = `filename ${Buffer.from('chaos-tone.wav').toString('base64')},filetype ${Buffer.from('audio/wav').toString('base64')}`;
  const created = await call(`${a.url}/api/uploads`, 'POST', token, { 'upload-length': String(file.length), 'upload-metadata': metadata });
  if (created.status !== 201) {
    outcome.problems.push(`POST /api/uploads on ${a.name} answered ${created.status} ${created.body.slice(0, 200)}`);
    return outcome;
  }
  const path = new URL(String(created.headers.get('location')), a.url!).pathname;
  outcome.uploadId = path.slice(path.lastIndexOf('/') + 1);
  const chunkAt = (offset: number) => file.subarray(offset, Math.min(file.length, offset + chunkBytes));
  const patch = (on: ReelflowProcess, offset: number) =>
    call(`${on.url}${path}`, 'PATCH', token, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, chunkAt(offset));

  let offset = 0;
  const first = await patch(a, offset);
  if (first.status !== 204) {
    outcome.problems.push(`the first PATCH on ${a.name} answered ${first.status} ${first.body.slice(0, 200)}`);
    return outcome;
  }
  offset = offsetOf(first);

  const crossed = await patch(b, offset);
  if (crossed.status === 204) offset = offsetOf(crossed);
  else outcome.problems.push(`continuing the upload on the other API process (${b.name}) answered ${crossed.status} ${crossed.body.trim().slice(0, 200)}: an upload begun on one process is not found by another`);

  // A dies with a PATCH half sent to it.
  let killedAt = 0;
  const interrupted = await halfSentPatch(`${a.url}${path}`, token, offset, chunkAt(offset), async () => {
    await options.beforeKill();
    await a.kill();
    killedAt = Date.now();
  });
  const restartA = a.start();

  // The client asks the surviving process where the upload stands and finishes it there.
  const head = await call(`${b.url}${path}`, 'HEAD', token);
  let survivor: ReelflowProcess = b;
  if (head.status === 200) {
    outcome.resumedAt = offsetOf(head);
    offset = outcome.resumedAt;
  } else {
    outcome.problems.push(`after ${a.name} was killed mid-PATCH (${interrupted}), HEAD on ${b.name} answered ${head.status}: the upload could not be resumed on the surviving process`);
    // Still finish it where it began, once A is back, so the rest of the run has its figures.
    await restartA;
    const again = await call(`${a.url}${path}`, 'HEAD', token);
    if (again.status !== 200) {
      outcome.problems.push(`HEAD on the restarted ${a.name} answered ${again.status}`);
      return outcome;
    }
    survivor = a;
    offset = offsetOf(again);
  }
  while (offset < file.length) {
    const next = await patch(survivor, offset);
    if (next.status !== 204) {
      outcome.problems.push(`PATCH at ${offset} on ${survivor.name} answered ${next.status} ${next.body.slice(0, 200)}`);
      return outcome;
    }
    outcome.takeoverMs ??= Date.now() - killedAt;
    offset = offsetOf(next);
  }
  await restartA;
  const final = await call(`${a.url}${path}`, 'HEAD', token);
  if (final.status === 200) outcome.finalOffsetOnRestartedA = offsetOf(final);
  if (outcome.finalOffsetOnRestartedA !== file.length) {
    outcome.problems.push(`the restarted ${a.name} reports the finished upload at ${final.status === 200 ? `offset ${outcome.finalOffsetOnRestartedA}` : `status ${final.status}`}, not ${file.length}`);
  }
  return outcome;
}
