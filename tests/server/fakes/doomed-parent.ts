// A server process in miniature for tests/server/child-processes.test.ts: it starts a long ffmpeg
// through the spawn helper every call site uses, makes a work folder under its per-process temp
// root, prints {"workDir": …} and waits to be killed. The ffmpeg writes nothing to its parent (no
// pipe whose closing would end it anyway): only the parent-death signal can stop it.
import { ffmpegPath } from '../../../server/media/ffmpeg';
import { spawnChild } from '../../../server/media/processes';
import { makeWorkDir } from '../../../server/media/temp-roots';

const workDir = await makeWorkDir('doomed');
// Ten minutes of silence into nothing: it runs until someone ends it.
spawnChild(ffmpegPath(), ['-nostdin', '-nostats', '-loglevel', 'quiet', '-re', '-f', 'lavfi', '-i', 'anullsrc', '-t', '600', '-f', 'null', '-'], { stdio: 'ignore' });
process.stdout.write(`${JSON.stringify({ workDir })}\n`);
setInterval(() => {}, 60_000);
