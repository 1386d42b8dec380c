import { expect, test, type Page } from '@playwright/test';
import { findOutboxMessage } from './outbox.ts';

/** A fresh address per test: the server is shared between workers and limits codes per address. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** The 6-digit code of the newest message to `email` sent since `since`. */
export async function codeFor(email: string, since: number): Promise<string> {
  // The address itself may end in six digits (uniqueEmail's random part): it is not the code.
  const message = (await findOutboxMessage(email, since)).replaceAll(email, '');
  const code = /\b(\d{6})\b/.exec(message)?.[1];
  if (!code) throw new Error(`No 6-digit code in the message to ${email}`);
  return code;
}

/** Asks for a code in the open sign-in modal and types it; returns when the code was accepted. */
export async function enterEmailAndCode(page: Page, email: string): Promise<void> {
  const since = Date.now();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  const codeInput = page.getByLabel('Your code', { exact: true });
  await expect(codeInput).toBeVisible();
  await codeInput.fill(await codeFor(email, since));
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A username no other test takes. */
function uniqueUsername(): string {
  return `e2e_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Finishes onboarding with a first name and a unique username. */
export async function finishOnboarding(page: Page, first = 'Robin'): Promise<string> {
  const username = uniqueUsername();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Username').fill(username);
  await expect(page.getByText('That username is yours to take.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  return username;
}

/**
 * Makes the page's browser context come from an address of its own (the test server trusts
 * X-Forwarded-For, as behind a proxy), so the per-address limits on sign-in codes count each test
 * apart and the suite can grow past them.
 */
export async function fromOwnAddress(page: Page): Promise<void> {
  // An address of the documentation range (RFC 3849): a header value only, nothing is sent there.
  const part = () => Math.floor(Math.random() * 0xffff).toString(16);
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': `2001:db8::${part()}:${part()}` });
}

/**
 * A new person, signed up through the same endpoints the sign-in modal calls (an e-mail code read
 * from the outbox, then the onboarding mutation), landing on /chat: for tests about what comes
 * after. Signing up through the page itself is tested by accounts.spec.ts and keyboard.spec.ts;
 * through the page it cost each of some 40 tests about 2 s more.
 */
export async function signUpNewPerson(
  page: Page,
  label: string,
): Promise<{ email: string; username: string }> {
  await fromOwnAddress(page);
  const email = uniqueEmail(label);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const post = async (path: string, data: unknown) => {
    // Closed after each answer: a kept-alive connection left in the context's pool could be
    // taken by a later route.fetch just as the server closes it for idleness (ECONNRESET, seen in CI).
    const answer = await page.request.post(path, { data, headers: { origin, connection: 'close' } });
    expect(answer.ok(), `${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return answer;
  };
  const since = Date.now();
  await post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
  await post('/api/auth/sign-in/email-otp', { email, otp: await codeFor(email, since) });
  const username = uniqueUsername();
  const onboarded = await post('/graphql', {
    query: 'mutation Onboard($user: UpdateProfileInput!) { updateProfile(user: $user) { id } }',
    variables: { user: { first: 'Robin', last: 'Tester', username } },
  });
  expect(((await onboarded.json()) as { errors?: unknown }).errors).toBeUndefined();
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/chat$/);
  return { email, username };
}
