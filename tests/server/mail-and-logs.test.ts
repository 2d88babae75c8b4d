// SMTP delivery (against a tiny local SMTP server), mail failures that must not leak account
// existence, and secret masking in logged URLs (the log itself: log-redaction.test.ts).
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskUrlSecrets } from '../../server/logger';
import { createSmtpMailer } from '../../server/providers/mail/mailer';
import { createTestApp, messageOf, uniqueEmail, type TestApp } from './helpers';

/** Speaks just enough SMTP for nodemailer and records each message's DATA. */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 fake\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, messages });
    });
  });
}

describe('SMTP mail', () => {
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Reelflow <noreply@reelflow.test>' });
  });
  afterAll(async () => {
    await t.close();
    smtp.server.close();
  });

  it('sends the reset link through SMTP_URL when it is set', async () => {
    const email = uniqueEmail('smtp');
    await t.client.register(email);
    const response = await t.client.post('/api/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    await t.jobs.drain({ withinMs: 10_000 });
    expect(smtp.messages).toHaveLength(1);
    const message = smtp.messages[0]!.replace(/=\r\n/g, '');
    expect(message).toContain(`To: ${email}`);
    expect(message).toContain('noreply@reelflow.test');
    expect(message).toMatch(/reset-password\?token=3D|reset-password\?token=/);
  });

  it('createSmtpMailer fails loudly on an unreachable server', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'x@example.com');
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    mailer.close();
  });
});

describe('mail failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => t.close());

  it('still answers the same 200 for an existing account when the mail server is down', async () => {
    const email = uniqueEmail('down');
    await t.client.register(email);
    const response = await t.client.post('/api/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    expect(messageOf(response)).toBe('If an account exists for that email, we have emailed a password reset link.');
  });
});

describe('log masking', () => {
  it('masks token-bearing query values in logged URLs', () => {
    expect(maskUrlSecrets('/reset-password?token=abc123&email=a%40b.c')).toBe('/reset-password?token=[REDACTED]&email=[REDACTED]');
    expect(maskUrlSecrets('/api/user?page=2')).toBe('/api/user?page=2');
  });
});
