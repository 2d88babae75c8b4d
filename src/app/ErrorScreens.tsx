// Router-level screens: a page chunk that fails (or times out, src/app/lazy.ts) and any other
// render error get a screen with a reload button; unknown paths get a not-found page.
import { Button } from '@mantine/core';
import { IconMapOff, IconRefresh } from '@tabler/icons-react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { MainLandmark } from '../ui/Landmarks';
import { ButtonLink } from '../ui/links';
import { MessageScreen } from '../ui/MessageScreen';
import { reportCaughtError } from './error-reporting';
import { ChunkLoadError } from './lazy';

function isChunkError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|importing a module script failed|loading chunk|failed to fetch/i.test(message);
}

export function RouteErrorScreen({ error }: ErrorComponentProps) {
  const chunk = isChunkError(error);
  // A render error stopped here never reaches window 'error': report it (not chunk failures,
  // which are connection trouble, not bugs).
  useEffect(() => {
    if (!chunk) reportCaughtError(error);
  }, [chunk, error]);
  return (
    <MessageScreen
      title={chunk ? 'This page could not be loaded' : 'Something went wrong'}
      text={
        chunk
          ? 'Part of Reelflow did not arrive, perhaps because the connection dropped or a new version was released. Reloading usually fixes it.'
          : 'An unexpected error stopped this page. Reloading usually fixes it; your saved work is kept on this device.'
      }
      action={
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}

export function NotFoundPage() {
  // Rendered by the root route, outside every layout: it brings its own <main>.
  return (
    <MainLandmark>
      <MessageScreen
        icon={IconMapOff}
        title="Page not found"
        text="There is no page at this address. It may have moved, or the link may be mistyped."
        action={<ButtonLink to="/">Go to home</ButtonLink>}
      />
    </MainLandmark>
  );
}
