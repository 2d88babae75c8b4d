// "Keep offline" for a finished video: the file is stored on this device (Cache Storage, keyed by
// the video id) so it plays — with seeking — and downloads with no network (src/ui/KeepOfflineToggle).
import { keepVideoOffline, offlineVideoSize, removeOfflineVideo } from './data';
import type { LocalVideo } from '../../store';
import { KeepOfflineToggle } from '../../ui/KeepOfflineToggle';

export function KeepOfflineSwitch({ video }: { video: LocalVideo }) {
  return (
    <KeepOfflineToggle
      copyId={video.id}
      kept={video.keptOffline}
      offDescription="Play and download it without a connection"
      readSize={() => offlineVideoSize(video.id)}
      keep={() => {
        const src = video.ai_video.video_src;
        if (!src) return Promise.reject(new Error('This video has no file to keep yet.'));
        return keepVideoOffline(video.id, src);
      }}
      forget={() => removeOfflineVideo(video.id)}
    />
  );
}
