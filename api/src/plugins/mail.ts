import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';
import { withFooter } from './mail-footer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file when mail is written to disk (no SMTP_URL). */
  file: string | null;
}

export interface MailService {
  send(message: MailMessage): Promise<SentMail>;
  /** Directory of .eml files, null when sending through SMTP. */
  readonly outboxDir: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/**
 * SMTP when SMTP_URL is set, else every message becomes an .eml file under DATA_DIR/mail (refused in production).
 * Every message is sent from MAIL_FROM and ends with the operating company's footer.
 */
export function createMailService(config: AppConfig): MailService & { close(): void } {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      outboxDir: null,
      async send(message) {
        const info = await transport.sendMail({ from: config.mailFrom, ...withFooter(message, config.company) });
        return { messageId: info.messageId, file: null };
      },
      close: () => transport.close(),
    };
  }
  const outboxDir = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...withFooter(message, config.company) });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

export default fp(
  async (app, opts: { config: AppConfig }) => {
    const service = createMailService(opts.config);
    app.decorate('mail', { send: service.send, outboxDir: service.outboxDir });
    app.addHook('onClose', async () => service.close());
  },
  { name: 'mail' },
);
