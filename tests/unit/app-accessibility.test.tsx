// Accessibility, the parts a unit test can pin: one title per route, set on navigation;
// focus after a failed submit (first invalid field, else the alert; the alert after a failed
// sign-in, with wrong credentials reported on the form, not under a field); the show-password
// toggle in the Tab order; "Skip to content" first, moving focus to <main>.
import { Button, MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../../src/app/router';
import { theme } from '../../src/app/theme';
import { PasswordField } from '../../src/ui/PasswordField';
import { ErrorAlert } from '../../src/ui/FormAlert';
import { useServerSubmit } from '../../src/ui/useServerSubmit';

import { renderAppAt } from './helpers/render-app';

const session = await vi.hoisted(async () => {
  const { newMockedSession } = await import('./helpers/mocked-session');
  return { ...newMockedSession(), permissions: 'all' as const, credits: 0 };
});

vi.mock('../../src/session', async (importOriginal) => {
  // The real plan hints (they read the local store); the session itself is mocked.
  const { mockedSessionHooks } = await import('./helpers/mocked-session');
  return { ...(await importOriginal<typeof import('../../src/session')>()), ...mockedSessionHooks(session) };
});



/** The error the API layer rejects with for a Laravel 422. */
function unprocessable(message: string, errors: Record<string, string[]>) {
  return Object.assign(new Error(message), { status: 422, message, errors });
}

beforeEach(() => {
  session.user = null;
  session.signIn = () => Promise.resolve();
  document.title = '';
});
afterEach(() => cleanup());

describe('page titles', () => {
  it('gives every route of the tree its own title', () => {
    const router = createAppRouter({ history: createMemoryHistory() });
    const byPath = router.routesByPath as Record<string, { options: { staticData?: { title?: string } } }>;
    const untitled = Object.keys(byPath).filter((path) => !byPath[path]?.options.staticData?.title);
    expect(untitled).toEqual([]);
  });

  it('sets "<page> · Reelflow" on load and again on every navigation', async () => {
    const router = renderAppAt('/login', theme);
    await waitFor(() => expect(document.title).toBe('Sign in · Reelflow'));
    await act(() => router.navigate({ to: '/register' }));
    await waitFor(() => expect(document.title).toBe('Create your account · Reelflow'));
    await act(() => router.navigate({ to: '/license' }));
    await waitFor(() => expect(document.title).toBe('Activate a licence · Reelflow'));
  });

  it('names signed-in pages and the not-found page', async () => {
    session.user = { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'pro' };
    const router = renderAppAt('/my-scripts', theme);
    await waitFor(() => expect(document.title).toBe('My scripts · Reelflow'));
    await act(() => router.navigate({ to: '/video-series/detail/$id', params: { id: '7' } }));
    await waitFor(() => expect(document.title).toBe('Series details · Reelflow'));
    cleanup();
    renderAppAt('/no-such-page', theme);
    await waitFor(() => expect(document.title).toBe('Page not found · Reelflow'));
  });
});

describe('skip link and landmark', () => {
  it('"Skip to content" is the first focusable element and moves focus into <main>', async () => {
    const user = userEvent.setup();
    renderAppAt('/login', theme);
    await screen.findByRole('button', { name: 'Sign in' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.click(skip);
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(main);
    expect(main.contains(screen.getByRole('button', { name: 'Sign in' }))).toBe(true);
  });
});

describe('sign-in failures', () => {
  it('reports wrong credentials in an alert above the fields, focused, and marks no field', async () => {
    session.signIn = () => Promise.reject(unprocessable('These credentials do not match our records.', { email: ['These credentials do not match our records.'] }));
    renderAppAt('/login', theme);
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('These credentials do not match our records.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
    // The alert stands above the fields.
    expect(alert.compareDocumentPosition(screen.getByLabelText('Email')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('focuses the first invalid field when the client check fails', async () => {
    renderAppAt('/login', theme);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(email));
  });
});

/** A two-field form on the shared submit cycle. */
function ProfileForm({ action }: { action: () => Promise<void> }) {
  const form = useForm({ mode: 'controlled', initialValues: { name: 'Ada', email: 'ada@example.com' } });
  const { failure, onSubmit } = useServerSubmit({ form, fields: ['name', 'email'], fallback: 'Not saved', action });
  return (
    <form noValidate onSubmit={onSubmit}>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Email" {...form.getInputProps('email')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('focus after a failed submit (useServerSubmit)', () => {
  it('moves focus to the first field the server marked invalid', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <ProfileForm action={() => Promise.reject(unprocessable('The email has already been taken.', { email: ['The email has already been taken.'] }))} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The email has already been taken.')).toBeTruthy();
  });

  it('moves focus to the alert when the failure concerns no shown field', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <ProfileForm action={() => Promise.reject(new Error('The server is busy.'))} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });
});

describe('show-password toggle', () => {
  it('is reached with Tab after the field and shows the characters with the keyboard', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider theme={theme} env="test">
        <PasswordField label="Password" defaultValue="secret words" />
        <button type="button">After</button>
      </MantineProvider>,
    );
    const field = screen.getByLabelText('Password');
    field.focus();
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show or hide the characters' });
    expect(document.activeElement).toBe(toggle);
    expect(field.getAttribute('type')).toBe('password');
    await user.keyboard('{Enter}');
    expect(field.getAttribute('type')).toBe('text');
  });
});
