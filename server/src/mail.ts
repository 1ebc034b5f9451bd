import nodemailer from 'nodemailer';
import type { Db } from './db/client.ts';
import { mailOutbox } from './db/schema/index.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface Mail {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  /** The text part. */
  body: string;
  /** The HTML part, when there is one (alerts, digests). */
  html?: string;
  /** One attached file (a digest's report). */
  attachment?: MailAttachment;
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
        html: mail.html,
        attachments: mail.attachment
          ? [
              {
                filename: mail.attachment.filename,
                contentType: mail.attachment.contentType,
                content: Buffer.from(mail.attachment.content),
              },
            ]
          : undefined,
      });
    };
  }
  return async (mail) => {
    await db.insert(mailOutbox).values({
      to: mail.to,
      subject: mail.subject,
      body: mail.body,
      html: mail.html ?? null,
      attachmentName: mail.attachment?.filename ?? null,
      attachment: mail.attachment?.content ?? null,
    });
    log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'mail kept in outbox (no SMTP_URL)');
  };
}
