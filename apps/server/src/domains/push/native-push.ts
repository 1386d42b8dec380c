import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../logger.ts';

/** One message for a native app's push token (spec 3 `firebaseToken`). */
export interface NativePushMessage {
  token: string;
  title: string;
  body: string;
  /** Absolute URL the app opens. */
  url: string;
  /** Messages with the same tag replace each other on the device. */
  tag: string;
  data: Record<string, string>;
}

/** Sends to native apps; an FCM adapter would implement this with the project's credentials. */
export interface NativePush {
  kind: 'outbox';
  send(message: NativePushMessage): Promise<void>;
}

/**
 * Without FCM credentials (and these machines cannot reach Google anyway), each message is written
 * as one JSON file to the outbox folder, next to the e-mails and texts, shaped like an FCM v1
 * message so it can be read or replayed.
 */
export function createOutboxNativePush({
  outboxDir,
  logger,
}: {
  outboxDir: string;
  logger: Logger;
}): NativePush {
  return {
    kind: 'outbox',
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.push.json`);
      const content = {
        message: {
          token: message.token,
          notification: { title: message.title, body: message.body },
          data: { ...message.data, url: message.url, tag: message.tag },
          android: { collapse_key: message.tag, notification: { tag: message.tag } },
          apns: { headers: { 'apns-collapse-id': message.tag } },
        },
      };
      await writeFile(file, `${JSON.stringify(content, null, 2)}\n`);
      logger.info({ file }, 'native push message written to outbox');
    },
  };
}
