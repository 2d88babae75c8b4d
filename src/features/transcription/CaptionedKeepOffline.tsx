// "Keep offline" for the captioned video: the file is stored on this device (Cache Storage under
// /offline/captioned/<id>.mp4, served by the service worker with range support) so it plays with
// no network; off frees it. The copy is the render that was current when it was kept. The switch
// itself is src/ui/KeepOfflineToggle; the row remembers the choice (pruned after pulls).
import { forgetOfflineVideo, keepCaptionedOffline, offlineVideoSize } from '../videos/data';
import { setTranscriptionKeptOffline } from './data/transcription-sync';
import type { LocalTranscription } from '../../store';
import { KeepOfflineToggle } from '../../ui/KeepOfflineToggle';

export function CaptionedKeepOffline({ transcription }: { transcription: LocalTranscription }) {
  const { id, keptOffline, captioned_url: url } = transcription;
  return (
    <KeepOfflineToggle
      copyId={id}
      kept={keptOffline}
      offDescription="Play the captioned video without a connection"
      readSize={() => offlineVideoSize(id, 'captioned')}
      keep={async () => {
        if (!url) throw new Error('There is no captioned video to keep yet.');
        const size = await keepCaptionedOffline(id, url);
        await setTranscriptionKeptOffline(id, true);
        return size;
      }}
      forget={async () => {
        await forgetOfflineVideo(id, 'captioned');
        await setTranscriptionKeptOffline(id, false);
      }}
    />
  );
}
