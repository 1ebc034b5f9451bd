import nodemailer from 'nodemailer';
import type { Db } from './db/client.ts';
import { mailOutbox } from './db/schema/index.ts';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export type Mailer = (mail: Mail) => Promise<void>;

export interface MailLog {
  info(details: object, message: string): void;
}

/** SMTP when SMTP_URL is set; otherwise the mail lands in the outbox table and the log. */
export function createMailer(db: Db, log: MailLog, smtpUrl?: string): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return async (mail) => {
      await transport.sendMail({
        from: 'monitoring@localhost',
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
      });
    };
  }
  return async (mail) => {
    await db.insert(mailOutbox).values(mail);
    log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'mail kept in outbox (no SMTP_URL)');
  };
}
