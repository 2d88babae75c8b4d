// A framed screen (src/app/lazy.ts) starts its first data request and its data layer once the
// frame has painted: the request goes out while the chunk downloads (so the screen's first render has the
// answer), and the chunk is imported only once the data layer's parts are in (each evaluated in a
// task of its own instead of all in the task the screen's chunk lands in).
import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { holdFirstRender, lazyPage, PageFramesContext, setScreenDataLayer } from '../../src/app/lazy';

const steps: string[] = [];
const FRAME = { title: 'Connect accounts', description: 'Connect the channels you publish to.', prefetch: () => steps.push('prefetch') };
// As the signed-in layout provides the frames (src/app/page-frames.ts).
const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(MantineProvider, { env: 'test' }, createElement(PageFramesContext.Provider, { value: { ConnectPage: FRAME } }, children));
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('lazyPage with a frame, its prefetch and its data layer', () => {
  it('prefetches once when the frame has painted and imports the chunk after the data layer', async () => {
    holdFirstRender(Promise.resolve());
    let dataLayerIn: () => void = () => undefined;
    // As the signed-in layout sets it (src/app/page-frames.ts).
    setScreenDataLayer(() => {
      steps.push('data layer');
      return new Promise<void>((resolve) => (dataLayerIn = resolve));
    });
    const Page = lazyPage(
      () => {
        steps.push('screen chunk');
        return Promise.resolve({ ConnectPage: () => createElement('p', null, 'The platform cards') });
      },
      'ConnectPage',
      { framed: true },
    );

    render(createElement(Page), { wrapper });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: FRAME.title })).toBeTruthy();
    // After the frame's paint (jsdom paints no frames: lazy.ts then waits 100 ms at most).
    await waitFor(() => expect(steps).toEqual(['prefetch', 'data layer']));

    await act(async () => {
      dataLayerIn();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await screen.findByText('The platform cards')).toBeTruthy();
    expect(steps).toEqual(['prefetch', 'data layer', 'screen chunk']);
  });
});
