import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The outbox of the server under test (playwright.config.ts names its data folder once per run). */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: run the browser tests through e2e/playwright.config.ts');
  return path.resolve(repoRoot, dataDir, 'outbox');
}

/** A message as a person would read it: the headers and decoded text of a mail, or a text message. */
async function readMessage(file: string): Promise<string> {
  const raw = await readFile(file, 'utf8');
  if (!file.endsWith('.eml')) return raw;
  const mail = await simpleParser(raw);
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
  return `To: ${to}\nSubject: ${mail.subject ?? ''}\n\n${mail.text ?? ''}`;
}

/** The newest outbox message (mail or SMS written to files) written since `since` that mentions `needle`. */
export async function findOutboxMessage(needle: string, since: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const folder = outboxDir();
  while (Date.now() < deadline) {
    const names = (await readdir(folder).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const file = path.join(folder, name);
      if ((await stat(file)).mtimeMs < since - 1000) continue;
      const text = await readMessage(file);
      if (text.includes(needle)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No outbox message mentioning ${needle} appeared within ${timeoutMs} ms`);
}
