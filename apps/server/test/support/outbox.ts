import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface OutboxMessage {
  file: string;
  kind: 'mail' | 'text';
  to: string;
  subject: string;
  text: string;
}

/** Every e-mail (.eml) and text message (.txt) Plaza wrote to the outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  const folder = path.join(dataDir, 'outbox');
  const names = (await readdir(folder).catch(() => [] as string[])).sort();
  const messages: OutboxMessage[] = [];
  for (const name of names) {
    const raw = await readFile(path.join(folder, name), 'utf8');
    if (name.endsWith('.eml') && raw !== '') {
      const mail = await simpleParser(raw);
      const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      messages.push({
        file: name,
        kind: 'mail',
        to: to ?? '',
        subject: mail.subject ?? '',
        text: mail.text ?? '',
      });
    } else if (name.endsWith('.txt')) {
      const to = /^To: (.*)$/m.exec(raw)?.[1] ?? '';
      messages.push({
        file: name,
        kind: 'text',
        to,
        subject: '',
        text: raw.split('\n\n').slice(1).join('\n\n'),
      });
    }
  }
  return messages;
}

/** The newest message to an address or number. */
export async function lastMessageTo(dataDir: string, to: string): Promise<OutboxMessage> {
  const found = (await readOutbox(dataDir)).filter((message) => message.to === to).at(-1);
  if (!found) throw new Error(`nothing in the outbox for ${to}`);
  return found;
}

/** The six-digit code of the newest message to an address or number, as a person would read it. */
export async function lastCodeTo(dataDir: string, to: string): Promise<string> {
  const message = await lastMessageTo(dataDir, to);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in the message to ${to}: ${message.text}`);
  return code;
}

export async function countMessagesTo(dataDir: string, to: string): Promise<number> {
  return (await readOutbox(dataDir)).filter((message) => message.to === to).length;
}
