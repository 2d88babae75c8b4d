// The named reads of the videos and music tables. Screens call them through useLiveQuery so they
// re-render when a pull or an outcome changes a row; nothing outside this folder reads the tables
// directly. No React.
import { db, type LocalMusicTrack, type LocalVideo } from '../../../store/db';

/** Every video on this device, newest first (the server's order too). */
export function videosNewestFirst(): Promise<LocalVideo[]> {
  return db.videos.orderBy('created_at').reverse().toArray();
}

export function videoById(id: string): Promise<LocalVideo | undefined> {
  return db.videos.get(id);
}

/** The music library, newest upload first. */
export function tracksNewestFirst(): Promise<LocalMusicTrack[]> {
  return db.music.orderBy('created_at').reverse().toArray();
}

/** The chosen track, or undefined when none is chosen (or it was deleted). */
export function trackById(id: string | null | undefined): Promise<LocalMusicTrack | undefined> {
  return id ? db.music.get(id) : Promise.resolve(undefined);
}
