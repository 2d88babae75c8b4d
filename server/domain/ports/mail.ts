// Outgoing mail as the domain needs it: server/providers/mail sends through SMTP or keeps the
// message in the outbox table.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}
