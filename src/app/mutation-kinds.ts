// Every outbox mutation kind of the app, registered by importing the module that defines it
// together with its outcome reactions. The page and the service worker must drain the same kinds
// by the same rules (a row of a kind this context does not know is left untouched), so the service
// worker imports this one list; the page's sync runtime reaches the same modules through each
// domain's pull. No React and no DOM: the service worker's program compiles it.
import '../features/scripts/data/scripts';
import '../features/videos/data/video-sync';
import '../features/videos/data/music';
import '../features/publishing/data/post-sync';
import '../features/publishing/data/failed-jobs';
import '../features/accounts/data/accounts';
import '../features/transcription/data/transcription-sync';
import '../features/series/data/series-sync';
import '../features/editor/data/editor-sync';
import '../sync/error-logs';
