import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { signUpNewPerson } from './support/accounts.ts';
import { holdClientEntry, waitForHydration } from './support/hydration.ts';

test.describe.configure({ timeout: 240_000 });

interface Person {
  page: Page;
  username: string;
}

async function newPerson(
  browser: Browser,
  label: string,
  viewport = { width: 1280, height: 800 },
): Promise<Person> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const { username } = await signUpNewPerson(page, label);
  return { page, username };
}

function conversation(page: Page) {
  return page.getByRole('log', { name: /^Messages in / });
}

/** `from` opens a direct message to `to` from their profile's Message button; the chat's path. */
async function openDirectMessage(from: Person, to: Person): Promise<string> {
  await from.page.goto(`/${to.username}`);
  await from.page.getByRole('button', { name: 'Message' }).click();
  await expect(from.page).toHaveURL(/\/chat\/d\/[A-Za-z0-9_-]+$/);
  return new URL(from.page.url()).pathname;
}

async function send(page: Page, text: string, box: string | RegExp = /^Message /): Promise<void> {
  const input = page.getByRole('textbox', { name: box });
  await input.fill(text);
  await input.press('Enter');
}

/** Ana and Ben, new, and the direct message Ana opened and wrote "Hello from Ana" in. */
async function anaWroteToBen(
  browser: Browser,
  label: string,
): Promise<{ ana: Person; ben: Person; chatPath: string }> {
  const ana = await newPerson(browser, `${label}-ana`);
  const ben = await newPerson(browser, `${label}-ben`);
  const chatPath = await openDirectMessage(ana, ben);
  await send(ana.page, 'Hello from Ana');
  await expect(conversation(ana.page).getByText('Hello from Ana')).toBeVisible();
  return { ana, ben, chatPath };
}

/** Hides the open chat from the person's list, and waits until the hide is stored. */
async function hideOpenChat(page: Page): Promise<void> {
  // Pressed before hydration, the form posts without scripts and the page comes back with its
  // menu closed, so the button below is not there to see (early presses: early-input.spec.ts).
  await waitForHydration(page);
  await page.getByLabel('Chat settings').click();
  await page.getByRole('button', { name: 'Hide from my chats' }).click();
  // Stored before the person leaves (a navigation right after the press could cancel it).
  await expect(page.getByRole('button', { name: 'Show in my chats' })).toBeVisible();
}

test('two people message each other in real time, and the send-to-receive time is measured', async ({
  browser,
}) => {
  const ana = await newPerson(browser, 'chat-ana');
  const ben = await newPerson(browser, 'chat-ben', { width: 390, height: 844 });

  // Ana opens a direct message from Ben's profile.
  const chatPath = await openDirectMessage(ana, ben);
  await expect(ana.page.getByText('Say hello')).toBeVisible();
  await expectNoAxeViolations(ana.page);

  // Ben finds it in his list (a phone: the list is its own screen) and opens it.
  await ben.page.goto('/chat');
  await ben.page.getByRole('link', { name: /Robin/ }).first().click();
  await expect(ben.page).toHaveURL(new RegExp(`${chatPath}$`));
  await expect(ben.page.getByText('Say hello')).toBeVisible();

  await send(ana.page, 'Hi Ben! Tacos on Friday? https://example.org/tacos');
  await expect(conversation(ben.page).getByText('Hi Ben! Tacos on Friday?')).toBeVisible();
  const link = conversation(ben.page).getByRole('link', { name: 'https://example.org/tacos' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener nofollow');

  await send(ben.page, "I'm in! <b>not bold</b>");
  await expect(conversation(ana.page).getByText("I'm in! <b>not bold</b>")).toBeVisible();
  await expect(conversation(ana.page).locator('b')).toHaveCount(0);
  await expectNoAxeViolations(ben.page);

  // Send to receive, 100 times: Ben's page notes when each message appears; Ana sends the next
  // once the last one arrived, so each figure is one message's trip, not a queue.
  await ben.page.evaluate(() => {
    const arrivals: Record<string, number> = {};
    (window as unknown as { arrivals: Record<string, number> }).arrivals = arrivals;
    new MutationObserver((records) => {
      const now = Date.now();
      for (const record of records) {
        for (const node of record.addedNodes) {
          const text = node.textContent ?? '';
          const match = /ping-(\d+)/.exec(text);
          if (match?.[1] && arrivals[match[1]] === undefined) arrivals[match[1]] = now;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  const sentAt: number[] = [];
  const input = ana.page.getByRole('textbox', { name: /^Message / });
  for (let index = 0; index < 100; index += 1) {
    await input.fill(`ping-${index}`);
    sentAt[index] = Date.now();
    await input.press('Enter');
    await ben.page.waitForFunction(
      (i) => (window as unknown as { arrivals: Record<string, number> }).arrivals[String(i)] !== undefined,
      index,
    );
  }
  const arrivals = await ben.page.evaluate(
    () => (window as unknown as { arrivals: Record<string, number> }).arrivals,
  );
  const trips = sentAt
    .map((sent, index) => (arrivals[String(index)] ?? Number.NaN) - sent)
    .sort((a, b) => a - b);
  expect(trips.every((trip) => Number.isFinite(trip))).toBe(true);
  const median = (trips[49]! + trips[50]!) / 2;
  mkdirSync('e2e/.artifacts', { recursive: true });
  writeFileSync(
    'e2e/.artifacts/chat-latency.json',
    JSON.stringify({ messages: trips.length, medianMs: median, p90Ms: trips[89], maxMs: trips[99] }, null, 2),
  );
  console.log(
    `chat send-to-receive over 100 messages: median ${median} ms, p90 ${trips[89]} ms, max ${trips[99]} ms`,
  );

  // Every message once, in order, on both sides after a reload.
  await ben.page.reload();
  const texts = await conversation(ben.page).locator('[data-message-key]').allInnerTexts();
  const pings = texts.join('\n').match(/ping-\d+/g) ?? [];
  expect(pings.length).toBeGreaterThan(10);
  expect(pings).toEqual([...pings].sort((a, b) => Number(a.slice(5)) - Number(b.slice(5))));
  expect(new Set(pings).size).toBe(pings.length);
});

test('in a group chat two people use a thread, vote in a poll and see each other’s votes live, and share a picture', async ({
  browser,
}) => {
  const ana = await newPerson(browser, 'group-ana');
  const ben = await newPerson(browser, 'group-ben');

  const explore = await ana.page.request.post('/graphql', {
    data: { query: '{ exploreGroups { groups { key slug title hasJoinRequests } } }' },
    headers: { origin: new URL(ana.page.url()).origin },
  });
  const groups = (await explore.json()).data.exploreGroups.groups as Array<{
    key: string;
    slug: string;
    title: string;
    hasJoinRequests: boolean;
  }>;
  const open = groups.find((group) => !group.hasJoinRequests);
  expect(open).toBeDefined();
  for (const person of [ana, ben]) {
    await person.page.goto(`/group/${open!.slug}/${open!.key}`);
    await person.page.getByRole('button', { name: 'Join group' }).click();
    await person.page.getByRole('link', { name: 'Group chat' }).click();
    await expect(person.page).toHaveURL(/\/chat\/g\/[A-Za-z0-9_-]+$/);
    await expect(conversation(person.page)).toBeVisible();
  }

  // A message, and a reply in its thread.
  await send(ana.page, 'Who is up for the Sintra loop on Sunday?');
  const question = conversation(ben.page).locator('[data-message-key]', {
    hasText: 'Who is up for the Sintra loop on Sunday?',
  });
  await expect(question).toBeVisible();
  await question.click();
  await question.getByRole('link', { name: 'Reply in thread' }).click();
  await expect(ben.page.getByRole('region', { name: 'Thread' })).toBeVisible();
  await send(ben.page, 'Count me in, I will bring water', 'Reply in thread');
  await expect(
    ben.page.getByRole('log', { name: 'Replies in this thread' }).getByText('Count me in'),
  ).toBeVisible();
  // Ana sees the thread grow under her message without reloading.
  const summary = conversation(ana.page).getByRole('link', { name: /1 reply/ });
  await expect(summary).toBeVisible();
  await summary.click();
  await expect(
    ana.page.getByRole('log', { name: 'Replies in this thread' }).getByText('Count me in'),
  ).toBeVisible();
  await expectNoAxeViolations(ana.page);
  await ana.page.getByRole('link', { name: 'Close and go back to the conversation' }).click();

  // A poll: both vote, both see the result move.
  await ana.page.getByRole('button', { name: 'Create a poll' }).click();
  const dialog = ana.page.getByRole('dialog', { name: 'Create a poll' });
  await dialog.getByLabel('Question').fill('Start time?');
  await dialog.getByLabel('Option 1').fill('8:00');
  await dialog.getByLabel('Option 2').fill('9:30');
  await dialog.getByRole('button', { name: 'Post the poll' }).click();
  const anaPoll = conversation(ana.page).getByRole('group', { name: 'Poll: Start time?' });
  const benPoll = conversation(ben.page).getByRole('group', { name: 'Poll: Start time?' });
  await expect(anaPoll).toBeVisible();
  await expect(benPoll).toBeVisible();
  await benPoll.getByRole('radio', { name: /9:30/ }).click();
  await expect(anaPoll.getByText('1 person voted')).toBeVisible();
  await expect(anaPoll.getByRole('radio', { name: /9:30/ })).toContainText('1 · 100%');
  await anaPoll.getByRole('radio', { name: /8:00/ }).click();
  await expect(benPoll.getByText('2 people voted')).toBeVisible();
  await expect(benPoll.getByRole('radio', { name: /8:00/ })).toContainText('1 · 50%');
  // Ben changes his mind; Ana sees it.
  await benPoll.getByRole('radio', { name: /8:00/ }).click();
  await expect(anaPoll.getByRole('radio', { name: /8:00/ })).toContainText('2 · 100%');
  await expect(benPoll.getByRole('radio', { name: /8:00/ })).toHaveAttribute('aria-checked', 'true');

  // A member's card on hovering their name (spec 4 popover, spec 9 delay, width and layer).
  const name = conversation(ben.page).getByRole('link', { name: 'Inês Carvalho', exact: true }).first();
  await name.scrollIntoViewIfNeeded();
  await name.hover();
  const card = ben.page.getByRole('group', { name: 'About Inês Carvalho' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'View profile' })).toHaveAttribute('href', '/ines');
  expect(await card.evaluate((element) => getComputedStyle(element).zIndex)).toBe('1040');
  await expectNoAxeViolations(ben.page);
  await ben.page.mouse.move(5, 5);
  await expect(card).toBeHidden();

  // A picture, re-encoded by the server, arrives on the other side and in the gallery.
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#e4572e' } })
    .png()
    .toBuffer();
  await ana.page
    .locator('input[type=file]')
    .setInputFiles({ name: 'ridge.png', mimeType: 'image/png', buffer: png });
  await expect(ana.page.getByRole('list', { name: 'Attachments' }).getByText('Ready')).toBeVisible();
  await send(ana.page, 'The view from the ridge');
  const picture = conversation(ben.page).getByRole('img', { name: /Picture from Robin/ });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  // A memix: the same kind of picture with captions drawn over it.
  await ana.page.getByRole('button', { name: 'Make a memix' }).click();
  const memixDialog = ana.page.getByRole('dialog', { name: 'Make a memix' });
  await memixDialog
    .getByLabel('Picture')
    .setInputFiles({ name: 'fog.png', mimeType: 'image/png', buffer: png });
  await memixDialog.getByLabel('Caption above').fill('When the fog lifts');
  await memixDialog.getByLabel('Caption below').fill('at the summit');
  await expect(memixDialog.getByRole('button', { name: 'Send the memix' })).toBeEnabled();
  await memixDialog.getByRole('button', { name: 'Send the memix' }).click();
  await expect(
    conversation(ben.page).getByRole('img', {
      name: 'Memix from Robin Tester: When the fog lifts / at the summit',
    }),
  ).toBeVisible();
  await ben.page.getByRole('link', { name: 'Media', exact: true }).click();
  await expect(ben.page.getByRole('list', { name: 'Pictures' }).getByRole('img')).toHaveCount(1);
  await expectNoAxeViolations(ben.page);

  // The other views of the chat, each checked by axe.
  const chatPath = new URL(ben.page.url()).pathname.replace(/\/media$/, '');
  for (const [view, shows] of [
    ['poll', ben.page.getByRole('group', { name: 'Poll: Start time?' })],
    [
      'trending',
      ben.page.getByRole('region', { name: 'Trending this week' }).getByText('Who is up for the Sintra loop'),
    ],
    ['thread', ben.page.getByRole('region', { name: 'Threads' }).getByText('Who is up for the Sintra loop')],
    ['event', ben.page.getByRole('region', { name: 'Plans' })],
    ['search?q=Sintra', ben.page.getByRole('list', { name: 'Messages with “Sintra”' }).getByRole('listitem')],
  ] as const) {
    await ben.page.goto(`${chatPath}/${view}`);
    await expect(shows.first()).toBeVisible();
    await expectNoAxeViolations(ben.page);
  }
});

test('the chat list follows new messages live: preview and unread count, a hidden chat coming back, the reader’s own message', async ({
  browser,
}) => {
  const { ana, ben, chatPath } = await anaWroteToBen(browser, 'list');

  // Ben's list, as read: the chat with one unread.
  await ben.page.goto('/chat');
  const chats = ben.page.getByRole('complementary', { name: 'Chats' });
  const entry = chats.getByRole('link', { name: /Robin Tester/ });
  await expect(entry).toHaveAccessibleName(/Hello from Ana.*1 unread/);

  // A new message: the list shows it and counts it, without a reload (a MESSAGE event).
  await send(ana.page, 'Tacos tonight?');
  await expect(entry).toHaveAccessibleName(/Tacos tonight\?.*2 unread/);
  await expectNoAxeViolations(ben.page);

  // Ben answers: his own message is the preview, and nothing is unread.
  await entry.click();
  await expect(ben.page).toHaveURL(new RegExp(`${chatPath}$`));
  await send(ben.page, 'Yes please');
  await expect(entry).toHaveAccessibleName(/You: Yes please/);
  await expect(entry).not.toHaveAccessibleName(/unread/);

  // Ben hides the chat; a new message from Ana brings it back into his list, counted.
  await hideOpenChat(ben.page);
  await ben.page.goto('/chat');
  await expect(chats.getByText('No chats here yet.')).toBeVisible();
  await waitForHydration(ben.page);
  await send(ana.page, 'Back again');
  await expect(entry).toHaveAccessibleName(/Back again.*1 unread/);
  await expectNoAxeViolations(ben.page);

  // A message sent while Ben's page loads (its list read before its scripts subscribe) is not lost.
  const release = await holdClientEntry(ben.page);
  await ben.page.goto('/chat');
  await expect(entry).toHaveAccessibleName(/Back again.*1 unread/);
  await send(ana.page, 'While you loaded');
  await expect(conversation(ana.page).getByText('While you loaded')).toBeVisible();
  release();
  await waitForHydration(ben.page);
  await expect(entry).toHaveAccessibleName(/While you loaded.*2 unread/);
});

test('a list read again before a new message, arriving after it, does not lose the message', async ({
  browser,
}) => {
  const { ana, ben, chatPath } = await anaWroteToBen(browser, 'reread');

  // Ben hides the chat, so his list is empty and its first READY reads it again (a hidden chat had
  // activity since the empty list's "never").
  await ben.page.goto(chatPath);
  await hideOpenChat(ben.page);

  // That read is done by the server (before Ana's next message) and held on its way to the page.
  let deliver!: () => void;
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  let readDone!: () => void;
  const read = new Promise<void>((resolve) => (readDone = resolve));
  await ben.page.route(/\/chat\.data(\?|$)/, async (route) => {
    const response = await route.fetch({ maxRetries: 1 });
    readDone();
    await delivered;
    await route.fulfill({ response });
  });
  await ben.page.goto('/chat');
  const chats = ben.page.getByRole('complementary', { name: 'Chats' });
  await expect(chats.getByText('No chats here yet.')).toBeVisible();
  await read;

  // Ana's message reaches the list live…
  await send(ana.page, 'Back again');
  const entry = chats.getByRole('link', { name: /Robin Tester/ });
  await expect(entry).toHaveAccessibleName(/Back again.*1 unread/);

  // …and the older read, arriving now, does not take it away.
  deliver();
  await ben.page.waitForFunction(() => {
    const router = (window as { __reactRouterDataRouter?: { state: { revalidation: string } } })
      .__reactRouterDataRouter;
    return router?.state.revalidation === 'idle';
  });
  await ben.page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(entry).toHaveAccessibleName(/Back again.*1 unread/);
  await expect(chats.getByText('No chats here yet.')).toBeHidden();
});

test('before the page hydrated: a message sent with Enter goes once it has; removing the chat waits for the confirmation', async ({
  browser,
}) => {
  const ana = await newPerson(browser, 'remove-ana');
  const ben = await newPerson(browser, 'remove-ben');
  const chatPath = await openDirectMessage(ana, ben);

  // The page as the server drew it: Enter in the composer is held as a send, not typed as a new line.
  const releaseSend = await holdClientEntry(ana.page);
  await ana.page.reload();
  const box = ana.page.getByRole('textbox', { name: /^Message / });
  await box.fill('Keep this one');
  await box.press('Enter');
  await expect(box).toHaveValue('Keep this one');
  releaseSend();
  await waitForHydration(ana.page);
  await expect(conversation(ana.page).getByText('Keep this one')).toBeVisible();
  await expect(box).toHaveValue('');
  await ben.page.goto(chatPath);
  await expect(conversation(ben.page).getByText('Keep this one')).toHaveCount(1);

  // Text React has not been told of yet (as text typed while the page hydrates is, until
  // early-input.ts tells it), then Enter, which React hears: what is on screen is sent.
  await box.evaluate((textarea: HTMLTextAreaElement) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(
      textarea,
      'And this one',
    );
  });
  await box.press('Enter');
  await expect(conversation(ana.page).getByText('And this one')).toBeVisible();
  await expect(box).toHaveValue('');
  // Then early-input.ts tells React of that text, as it does once hydrated: the box stays empty.
  await box.evaluate((textarea: HTMLTextAreaElement) => {
    const page = window as unknown as { __plazaHydrated?: boolean };
    page.__plazaHydrated = false;
    textarea.value = textarea.defaultValue;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(
      textarea,
      'And this one',
    );
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
    page.__plazaHydrated = true;
  });
  await expect(box).toHaveValue('');
  await expect(conversation(ana.page).getByText('And this one')).toHaveCount(1);
  await ben.page.goto(chatPath);
  await expect(conversation(ben.page).getByText('And this one')).toHaveCount(1);

  // The menu opens natively, and the press is held.
  const release = await holdClientEntry(ana.page);
  await ana.page.reload();
  await ana.page.getByLabel('Chat settings').click();
  await ana.page.getByRole('button', { name: 'Remove this chat' }).click();
  const asked: string[] = [];
  ana.page.on('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  release();
  await waitForHydration(ana.page);
  await expect.poll(() => asked).toEqual([expect.stringMatching(/^Remove this chat and all its messages/)]);
  // Declined: nothing removed.
  await expect(ana.page).toHaveURL(new RegExp(`${chatPath}$`));
  await ben.page.goto(chatPath);
  await expect(conversation(ben.page).getByText('Keep this one')).toBeVisible();
});
