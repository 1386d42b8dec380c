import type { Logger } from '../../logger.ts';
import { writeToOutbox } from '../outbox.ts';
import type { Sms } from './sms.ts';

/** Text messages go to the outbox folder until a provider adapter is configured. */
export function createSms({ outboxDir, logger }: { outboxDir: string; logger: Logger }): Sms {
  return {
    kind: 'outbox',
    async send({ to, text }) {
      const file = await writeToOutbox(outboxDir, 'txt', `To: ${to}\n\n${text}\n`);
      logger.info({ file }, 'text message written to outbox');
    },
  };
}
