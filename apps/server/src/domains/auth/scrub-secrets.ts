/**
 * Removes what could be a credential from a log line: SQL parameters (a failed query lists the
 * values it carried), six-digit codes and long token-like runs.
 */
export function scrubSecrets(text: string): string {
  return text
    .replace(/params:[\s\S]*$/i, 'params: [redacted]')
    .replace(/(?<![\w-])\d{6}(?![\w-])/g, '[code]')
    .replace(/[A-Za-z0-9_~+/%=.-]{24,}/g, '[redacted]');
}
