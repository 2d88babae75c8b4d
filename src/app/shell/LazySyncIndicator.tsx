// The header's sync indicator needs the offline engine and the local store (Dexie): ~40 KB gzip
// that the signed-in shell's first render can do without (issue 7: initial JavaScript budgets).
// It is loaded once the first screen has shown its content: requested as the shell rendered, its
// ~50 KB (Dexie among them) shared a phone's link with the permissions request and home's chunks
// (Lighthouse LCP on `/`). A chunk that fails to arrive leaves the indicator out rather than
// taking the whole shell down with it.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { AfterFirstScreen } from '../../ui/AfterFirstScreen';

const SyncIndicatorChunk = lazy(() => import('./SyncIndicator').then(({ SyncIndicator }) => ({ default: SyncIndicator })));

class LeaveOutOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('The sync indicator could not be loaded:', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export function SyncIndicator() {
  return (
    <AfterFirstScreen>
      <LeaveOutOnError>
        <Suspense fallback={null}>
          <SyncIndicatorChunk />
        </Suspense>
      </LeaveOutOnError>
    </AfterFirstScreen>
  );
}
