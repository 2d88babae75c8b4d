// The first page's screens (src/app/lazy.ts): they wait for holdFirstRender's promise, then the
// layout and the screen nested in it render in one commit, not the layout first with the screen's
// "Loading..." inside it.
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { holdFirstRender, lazyPage } from '../../src/app/lazy';

const wrapper = ({ children }: { children: ReactNode }) => createElement(MantineProvider, { env: 'test' }, children);

describe('lazyPage at start-up', () => {
  it('renders nothing of the page before the hold settles, then the layout and its screen at once', async () => {
    let release: () => void = () => undefined;
    holdFirstRender(new Promise<void>((resolve) => (release = resolve)));
    const Screen = lazyPage(() => Promise.resolve({ Screen: () => createElement('p', null, 'Home content') }), 'Screen');
    const Layout = lazyPage(() => Promise.resolve({ Layout: () => createElement('main', { 'data-testid': 'layout' }, createElement(Screen)) }), 'Layout');

    const { container } = render(createElement(Layout), { wrapper });
    const seen: Array<{ layout: boolean; loading: boolean; content: boolean }> = [];
    const observer = new MutationObserver(() => {
      const text = container.textContent ?? '';
      seen.push({ layout: container.querySelector('[data-testid="layout"]') !== null, loading: text.includes('Loading...'), content: text.includes('Home content') });
    });
    observer.observe(container, { childList: true, subtree: true, characterData: true });

    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByTestId('layout')).toBeNull();

    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText('Home content')).toBeTruthy();
    observer.disconnect();
    // The layout never showed with a loading screen inside it: it came with its content.
    expect(seen.some((state) => state.layout)).toBe(true);
    expect(seen.filter((state) => state.layout).every((state) => state.content && !state.loading)).toBe(true);
  });
});
