// A screen with a frame (src/app/lazy.ts, `frame`): its heading and introduction show while its
// chunk is still on the way, and the screen takes their place once it has arrived. The router
// must never be handed anything to wait for, or it would hold the whole route (frame included)
// back until the chunk is in.
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { holdFirstRender, lazyPage, PageFramesContext } from '../../src/app/lazy';

const FRAME = { title: 'Publish', description: 'Post your finished videos to your accounts.' };
// As the signed-in layout provides the frames (src/app/page-frames.ts).
const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(MantineProvider, { env: 'test' }, createElement(PageFramesContext.Provider, { value: { PublishPage: FRAME } }, children));
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('lazyPage with a frame', () => {
  it('shows the heading and introduction before the chunk arrives, then the screen', async () => {
    holdFirstRender(Promise.resolve());
    let arrive: (module: { PublishPage: () => ReactNode }) => void = () => undefined;
    const chunk = new Promise<{ PublishPage: () => ReactNode }>((resolve) => (arrive = resolve));
    const Page = lazyPage(() => chunk, 'PublishPage', { framed: true });

    render(createElement(Page), { wrapper });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Publish' })).toBeTruthy();
    expect(screen.getByText(FRAME.description)).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();

    await act(async () => {
      arrive({ PublishPage: () => createElement('p', null, 'The compose form') });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await screen.findByText('The compose form')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('gives the router nothing to wait for: a preload starts the download and returns no promise', async () => {
    holdFirstRender(Promise.resolve());
    let loads = 0;
    const Page = lazyPage(
      () => {
        loads += 1;
        return new Promise<{ Screen: () => ReactNode }>(() => undefined);
      },
      'Screen',
      { framed: true },
    );
    // Released once a first page has rendered (the start-up hold above).
    render(createElement(lazyPage(() => Promise.resolve({ Home: () => 'home' }), 'Home', { firstScreen: true })), { wrapper });
    await settle();

    const preload = (Page as unknown as { preload?: () => unknown }).preload;
    expect(preload).toBeTypeOf('function');
    expect(preload?.()).toBeUndefined();
    expect(loads).toBe(1);
  });
});
