// Outgoing mail. With SMTP_URL set it goes through nodemailer; without, it is written to the
// mail_outbox table, where `npm run admin -- mail-outbox` shows it (a self-hosted install works
// before anyone configures SMTP, and tests can read the reset link).
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Mailer } from '../../domain/ports/mail';

export type { MailMessage, Mailer } from '../../domain/ports/mail';

export function createOutboxMailer(db: Db): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values({ toAddress: message.to, subject: message.subject, textBody: message.text });
    },
    close() {},
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
    close() {
      transporter.close();
    },
  };
}

export function createMailer(config: { smtpUrl: string | undefined; mailFrom: string }, db: Db): Mailer {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db);
}
