// A part of the page loaded as its own chunk after the first screen (the sync indicator, the
// toasts, the account menu, the modals manager) can fail to arrive: offline before the service
// worker has precached it (the first visit), or a deployment that replaced it. Without a boundary
// React would hand the failed import to the router's error screen, and the page with whatever the
// creator was typing in it would be gone. This boundary keeps the failure to the part itself.
import { Component, type ReactNode } from 'react';

interface ChunkBoundaryProps {
  /** What the part is, for the console. */
  name: string;
  /** Shown instead when the chunk cannot be loaded (nothing by default). */
  fallback?: ReactNode;
  children: ReactNode;
}

export class ChunkBoundary extends Component<ChunkBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`${this.props.name} could not be loaded:`, error);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

/**
 * For a part whose place stays empty until it arrives (the sync indicator, the toasts, the install
 * button): an import that fails while the browser is offline is tried again once it is back
 * online, so the part appears then instead of being gone until a reload. A failure while online
 * (a deployment replaced the file) still reaches the boundary.
 */
export function retryWhenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (typeof navigator === 'undefined' || navigator.onLine) throw error;
      return new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true })).then(load);
    });
}
