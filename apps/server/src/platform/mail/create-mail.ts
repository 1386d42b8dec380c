import { access, constants, rm } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import type { Logger } from '../../logger.ts';
import { writeToOutbox } from '../outbox.ts';
import type { Mail } from './mail.ts';

interface MailOptions {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise `.eml` files in the outbox folder. */
export function createMail({ smtpUrl, from, outboxDir, logger }: MailOptions): Mail {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        logger.info({ messageId: info.messageId, subject: message.subject }, 'mail sent');
        return { messageId: info.messageId };
      },
      async ping() {
        await transport.verify();
      },
      async close() {
        transport.close();
      },
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await composer.sendMail({ from, ...message });
      const file = await writeToOutbox(outboxDir, 'eml', info.message as Buffer);
      logger.info({ file, subject: message.subject }, 'mail written to outbox');
      return { messageId: info.messageId };
    },
    async ping() {
      // The outbox is healthy when a file can be written there and read back.
      const file = await writeToOutbox(outboxDir, 'eml', '');
      await access(file, constants.R_OK);
      await rm(file);
    },
    async close() {},
  };
}
