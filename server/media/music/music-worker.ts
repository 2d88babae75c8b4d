// The composer's worker thread (composer-pool.ts starts it): composes one track at a time and
// answers with its PCM, already as the s16le bytes ffmpeg reads, moved (not copied) to the caller.
// Bundled as an entry of its own next to the server bundle (scripts/build-server.mjs).
import { parentPort } from 'node:worker_threads';
import type { ComposeReply, ComposeRequest } from './composer-pool';
import { composeTrack, toS16le } from './compose-track';

const port = parentPort;
if (!port) throw new Error('music-worker.ts runs as a worker thread of the server.');

function compose({ track, bars }: ComposeRequest): ComposeReply {
  try {
    // Buffer.alloc (never Node's shared pool) gives the bytes an ArrayBuffer of their own: moving
    // it moves exactly them.
    return { pcm: toS16le(composeTrack(track, bars)).buffer as ArrayBuffer };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (request: ComposeRequest) => {
  const reply = compose(request);
  port.postMessage(reply, 'pcm' in reply ? [reply.pcm] : []);
});
