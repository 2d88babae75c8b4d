// The header's sync indicator needs the offline engine and the local store (Dexie): ~40 KB gzip
// that the signed-in shell's first render can do without (initial JavaScript budgets).
// It is loaded once the first screen has shown its content: requested as the shell rendered, its
// ~50 KB (Dexie among them) shared a phone's link with the permissions request and home's chunks
// (Lighthouse LCP on `/`). A chunk that fails to arrive offline is asked for again when the
// network is back; one that fails otherwise leaves the indicator out rather than taking the
// whole shell down with it.
import { lazy, Suspense } from 'react';
import { ChunkBoundary, retryWhenOnline } from '../../ui/ChunkBoundary';
import { AfterFirstScreen } from '../../ui/AfterFirstScreen';

const SyncIndicatorChunk = lazy(retryWhenOnline(() => import('./SyncIndicator').then(({ SyncIndicator }) => ({ default: SyncIndicator }))));

export function SyncIndicator() {
  return (
    <AfterFirstScreen>
      <ChunkBoundary name="The sync indicator">
        <Suspense fallback={null}>
          <SyncIndicatorChunk />
        </Suspense>
      </ChunkBoundary>
    </AfterFirstScreen>
  );
}
