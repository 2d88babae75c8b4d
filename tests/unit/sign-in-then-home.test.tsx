// After signing in or creating an account the app opens at home, but never pulls back a creator
// who has already gone on from home while the session was being written to the device.
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { useSignInThenHome } from '../../src/features/auth/sign-in-then-home';

function setup() {
  let finish: () => void = () => undefined;
  const signIn = () => new Promise<void>((resolve) => (finish = resolve));
  let submitted: Promise<void> | undefined;
  function Form() {
    const signInThenHome = useSignInThenHome();
    return (
      <button
        type="button"
        onClick={() => {
          submitted = signInThenHome(signIn);
        }}
      >
        Sign in
      </button>
    );
  }
  const root = createRootRoute({ component: Outlet });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/login', component: Form }),
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> }),
    createRoute({ getParentRoute: () => root, path: '/create-ai-video', component: () => <p>Create</p> }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/login'] }) });
  render(<RouterProvider router={router} />);
  const done = async () => {
    await act(async () => {
      finish();
      await submitted;
    });
  };
  return { router, done };
}

describe('signing in, then home', () => {
  it('opens home once the session is stored', async () => {
    const { router, done } = setup();
    (await screen.findByRole('button', { name: 'Sign in' })).click();
    await done();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Home')).toBeTruthy();
  });

  it('leaves the creator where they went while the session was being stored', async () => {
    const { router, done } = setup();
    (await screen.findByRole('button', { name: 'Sign in' })).click();
    // The public layout moved them home at once; they went on to create a video.
    await act(() => router.navigate({ to: '/' }));
    await act(() => router.navigate({ to: '/create-ai-video' }));
    await done();
    expect(router.state.location.pathname).toBe('/create-ai-video');
    expect(await screen.findByText('Create')).toBeTruthy();
  });
});
