import { ComingLater } from '../../ui/PageFrame';

export function VideoTranscriptionPage() {
  return <ComingLater title="Video transcription" />;
}
