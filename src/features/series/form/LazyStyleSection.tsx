// The look-and-sound section is the heavy one (voice lists and previews, music, caption preview):
// its own chunk, so the wizard's first step and the settings' cadence paint without it. The wizard
// asks for it as soon as it shows, so it is usually there by the second step.
import { Alert } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ChunkBoundary } from '../../../ui/ChunkBoundary';
import { ListLoading } from '../../../ui/ListStates';
import type { SectionProps } from './section-props';

export const loadStyleSection = () => import('./StyleSection');

const StyleSectionChunk = lazy(() => loadStyleSection().then((module) => ({ default: module.StyleSection })));

export function LazyStyleSection(props: SectionProps) {
  return (
    <ChunkBoundary
      name="The look and sound section"
      fallback={
        <Alert color="red" role="alert" title="Not loaded">
          The voice, style and music choices could not be loaded. Reload the page when you are online.
        </Alert>
      }
    >
      <Suspense fallback={<ListLoading label="Loading the voices, styles and music..." live={false} />}>
        <StyleSectionChunk {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
