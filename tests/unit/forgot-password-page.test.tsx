// The forgot-password screen: after sending, it shows how the mail can be read when (and only
// when) the server says so — in development without SMTP.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfState } from '../../src/api';
import { fakeServer, type FakeServer } from './helpers/fake-server';

// The page's links need a router; plain anchors are enough here.
vi.mock('../../src/ui/links', () => ({
  AnchorLink: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}));
const { ForgotPasswordPage } = await import('../../src/features/auth/ForgotPasswordPage');

const SENT = 'If an account exists for that email, we have emailed a password reset link.';
const HINT = 'Development: no mail server is configured (SMTP_URL), so mails are kept in an outbox. Read them with: npm run admin -- mail-outbox';

let server: FakeServer;
beforeEach(() => {
  resetCsrfState();
  server = fakeServer();
});
afterEach(() => server.restore());

async function requestLink() {
  render(
    <MantineProvider env="test">
      <ForgotPasswordPage />
    </MantineProvider>,
  );
  fireEvent.change(screen.getByLabelText(/email/i), { target: { value: 'maya@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
  await screen.findByText('Check your inbox');
}

describe('ForgotPasswordPage', () => {
  it('says how to read the mail when the server reports an outbox (development, no SMTP)', async () => {
    server.on('POST', '/api/forgot-password', { body: { message: SENT, mail_outbox_hint: HINT } });
    await requestLink();
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(screen.getByText(/npm run admin -- mail-outbox/)).toBeTruthy();
  });

  it('says nothing about an outbox when the server sends mail', async () => {
    server.on('POST', '/api/forgot-password', { body: { message: SENT } });
    await requestLink();
    expect(screen.queryByText(/mail-outbox/)).toBeNull();
    expect(server.calls('POST', '/api/forgot-password')[0]?.data).toEqual({ email: 'maya@example.com' });
  });
});
