// The named reads of the transcriptions and uploads tables, for the screens to call through
// useLiveQuery. No React.
import { db, type LocalTranscription, type UploadRow } from '../../../store/db';

/** Every transcription on this device, newest first (the server's order too). */
export function transcriptionsNewestFirst(): Promise<LocalTranscription[]> {
  return db.transcriptions.orderBy('created_at').reverse().toArray();
}

export function transcriptionById(id: string): Promise<LocalTranscription | undefined> {
  return db.transcriptions.get(id);
}

/** The user's uploads still on this device, oldest first (the order they are sent in). */
export function uploadsOf(userId: string): Promise<UploadRow[]> {
  return db.uploads.where('userId').equals(userId).sortBy('createdAt');
}
