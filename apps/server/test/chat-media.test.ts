import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, messages, uploads } from '../src/db/schema/index.ts';
import { findChatMedia, type ChatMedia } from '../src/domains/media/chat-media.ts';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { buildMessage } from './support/factories.ts';
import { makeMp4 } from './support/mp4.ts';
import { newPerson, type Person } from './support/people.ts';

let t: TestPlaza;
let ana: Person;
let ben: Person;
let cai: Person;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  ana = await newPerson(t, 'Ana');
  ben = await newPerson(t, 'Ben');
  cai = await newPerson(t, 'Cai');
});
afterAll(() => t.close());

const db = () => t.plaza.platform.store.db;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function upload(
  body: Uint8Array | ReadableStream<Uint8Array>,
  options: { headers?: Record<string, string>; type?: string; query?: string } = {},
): Promise<Answer> {
  const res = await fetch(`${await t.url()}/media/upload?kind=chat${options.query ?? ''}`, {
    method: 'POST',
    headers: {
      ...(options.type ? { 'content-type': options.type } : {}),
      ...(options.headers ?? ana.headers),
    },
    body: body instanceof ReadableStream ? body : new Uint8Array(body),
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#219ebc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PlazaPhone', Model: 'Test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 42/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '9/1 8/1 0/1',
      },
    })
    .toBuffer();
}

/** A body sent in chunks without a Content-Length, so only the cap while reading can stop it. */
function chunked(head: Buffer, totalBytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) {
        controller.close();
        return;
      }
      const size = Math.min(1024 * 1024, totalBytes - sent);
      const chunk = new Uint8Array(size).fill(1);
      if (sent === 0) chunk.set(head.subarray(0, size));
      sent += size;
      controller.enqueue(chunk);
    },
  });
}

async function stored() {
  const [row] = await db().select({ n: count() }).from(uploads);
  const files = await readdir(path.join(t.dataDir, 'blobs')).catch(() => []);
  return { rows: row!.n, files: files.length };
}

describe('POST /media/upload?kind=chat', () => {
  it('re-encodes a picture into WebP 1x, 2x and 3x without its EXIF or GPS position', async () => {
    const original = await photoWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(original, { type: 'image/jpeg', query: '&name=IMG_0001.JPG' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'image',
      mime: 'image/webp',
      width: 640,
      height: 480,
      durationMs: null,
    });
    const variants = res.body.variants as Record<string, string>;
    expect(variants['1x']).toBe(res.body.url);
    for (const [scale, width] of [
      ['1x', 640],
      ['2x', 1280],
      ['3x', 1600],
    ] as const) {
      const served = await fetch(`${await t.url()}${variants[scale]}`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(width);
      expect(bytes.includes(Buffer.from('PlazaPhone'))).toBe(false);
    }
    const [row] = await db()
      .select()
      .from(uploads)
      .where(eq(uploads.key, res.body.key as string));
    expect(row).toMatchObject({ userId: ana.userId, kind: 'chat', mime: 'image/webp' });
    expect(row!.byteSize).toBeGreaterThan(0);
  });

  it('keeps an MP4 video as it came, less where it was recorded, and serves it with byte ranges', async () => {
    const place = '+38.7000-009.1333/';
    const original = makeMp4({
      durationMs: 4250,
      video: { width: 1280, height: 720 },
      dataBytes: 5000,
      location: place,
    });
    const res = await upload(original, { type: 'video/mp4', query: '&name=clip.mp4' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      width: 1280,
      height: 720,
      durationMs: 4250,
      variants: null,
    });
    expect(res.body.url).toMatch(/^\/media\/[A-Za-z0-9]{16}\.mp4$/);
    const url = `${await t.url()}${res.body.url as string}`;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const video = Buffer.from(await whole.arrayBuffer());
    expect(video.length).toBe(original.length);
    expect(video.includes(Buffer.from(place))).toBe(false);
    expect(video.subarray(-5000).equals(original.subarray(-5000))).toBe(true);

    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(-10))).toBe(true);
    const outside = await fetch(url, { headers: { range: `bytes=${video.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${video.length}`);
  });

  it('takes M4A voice notes and audio-only MP4 as audio/mp4 with their duration', async () => {
    const note = await upload(makeMp4({ brand: 'M4A ', durationMs: 61_000 }), { type: 'audio/x-m4a' });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ kind: 'audio', mime: 'audio/mp4', width: null, durationMs: 61_000 });
    expect(note.body.url).toMatch(/\.m4a$/);
    const served = await fetch(`${await t.url()}${note.body.url as string}`);
    expect(served.headers.get('content-type')).toBe('audio/mp4');
    const plain = await upload(makeMp4({ durationMs: 1500 }), { type: 'audio/mp4', query: '&name=memo.m4a' });
    expect(plain.body).toMatchObject({ kind: 'audio', mime: 'audio/mp4', durationMs: 1500 });
  });

  it('refuses a file whose declared type or name lies about its bytes, storing nothing', async () => {
    const before = await stored();
    const photo = await photoWithGps();
    const asVideo = await upload(photo, { type: 'video/mp4' });
    expect(asVideo.status).toBe(400);
    expect(asVideo.body).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(asVideo.body.message).toMatch(/video.*picture/);
    const namedPhoto = await upload(makeMp4({ video: { width: 320, height: 240 } }), {
      query: '&name=holiday.jpg',
    });
    expect(namedPhoto.status).toBe(400);
    const videoAsAudio = await upload(makeMp4({ video: { width: 320, height: 240 } }), { type: 'audio/mp4' });
    expect(videoAsAudio.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('refuses types chats do not take (415), storing nothing', async () => {
    const before = await stored();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [svg, undefined],
      [Buffer.from('plain words pretending'), 'video/mp4'],
      [makeMp4({ brand: 'qt  ', video: { width: 64, height: 64 } }), 'video/mp4'],
      [makeMp4(), 'application/pdf'],
    ] as const) {
      const res = await upload(bytes, { ...(type ? { type } : {}) });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(res.body.message).toMatch(/MP4/);
    }
    const empty = await upload(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('caps each kind while reading: pictures 10 MB, audio 20 MB, anything 50 MB', async () => {
    const before = await stored();
    const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    const picture = await upload(chunked(jpegHead, 10 * 1024 * 1024 + 10));
    expect(picture).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(picture.body.message).toMatch(/Pictures are limited to 10 MB/);
    const audio = await upload(chunked(makeMp4({ brand: 'M4A ' }), 20 * 1024 * 1024 + 10));
    expect(audio.status).toBe(413);
    expect(audio.body.message).toMatch(/Audio files are limited to 20 MB/);
    const declared = await upload(Buffer.alloc(50 * 1024 * 1024 + 1));
    expect(declared.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('is only for signed-in people', async () => {
    const res = await upload(makeMp4(), { headers: {} });
    expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });

  it('limits each person to 60 chat uploads an hour', async () => {
    const busy = await newPerson(t, 'Busy');
    const note = makeMp4({ brand: 'M4A ' });
    for (let i = 0; i < 60; i++) expect((await upload(note, { headers: busy.headers })).status).toBe(201);
    const refused = await upload(note, { headers: busy.headers });
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect((await upload(note, { headers: cai.headers })).status).toBe(201);
  });
});

describe('findChatMedia', () => {
  it('answers the sender’s own chat uploads in the order asked', async () => {
    const video = await upload(makeMp4({ video: { width: 640, height: 360 } }));
    const note = await upload(makeMp4({ brand: 'M4A ' }));
    const found = await findChatMedia(db(), ana.userId, [note.body.key as string, video.body.key as string]);
    expect(found.map((m) => m.kind)).toEqual(['audio', 'video']);
    expect(found[1]).toEqual(video.body);
  });

  it('refuses someone else’s upload, unknown keys, avatars and repeats', async () => {
    const bens = await upload(makeMp4(), { headers: ben.headers });
    const avatar = await fetch(`${await t.url()}/media/upload?kind=avatar`, {
      method: 'POST',
      headers: ana.headers,
      body: new Uint8Array(await photoWithGps()),
    }).then((r) => r.json() as Promise<{ key: string }>);
    const mine = await upload(makeMp4());
    for (const keys of [
      [bens.body.key as string],
      ['nosuchkey0000000'],
      [avatar.key],
      [mine.body.key as string, mine.body.key as string],
    ]) {
      await expect(findChatMedia(db(), ana.userId, keys)).rejects.toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', field: 'mediaKeys' },
      });
    }
  });
});

describe('chatMedia (the gallery of a chat)', () => {
  const GALLERY = `query ($k: String!, $b: String, $l: Int) { chatMedia(chatKey: $k, before: $b, limit: $l) {
    nextBefore items { key kind mime url width height durationMs variants { x1 x2 x3 } messageKey seq user { id } } } }`;
  interface Gallery {
    chatMedia: { nextBefore: string | null; items: Array<ChatMedia & { messageKey: string; seq: number }> };
  }

  it('lists the media of a chat’s messages newest first, page by page, for its readers only', async () => {
    const dm = await t.gql<{ openDirectChat: { key: string } }>(
      'mutation ($u: Int!) { openDirectChat(userId: $u) { key } }',
      { u: ben.userId },
      ana.headers,
    );
    const chatKey = dm.data!.openDirectChat.key;
    const [chat] = await db().select().from(chats).where(eq(chats.key, chatKey));
    const picture = await upload(await photoWithGps());
    const video = await upload(makeMp4({ video: { width: 640, height: 360 }, durationMs: 2000 }));
    const note = await upload(makeMp4({ brand: 'M4A ' }), { headers: ben.headers });
    // Messages carry attachments as sendMessage(…, mediaKeys) will store them: findChatMedia's answer.
    const attach = async (person: Person, keys: string[], text: string) => {
      const message = await buildMessage(db(), chat!.id, person.userId, text);
      const attachments = await findChatMedia(db(), person.userId, keys);
      await db().update(messages).set({ attachments }).where(eq(messages.id, message.id));
      return message;
    };
    const first = await attach(ana, [picture.body.key as string, video.body.key as string], 'look');
    await buildMessage(db(), chat!.id, ben.userId, 'no media here');
    const second = await attach(ben, [note.body.key as string], 'listen');
    const gone = await attach(ana, [], 'deleted');
    await db()
      .update(messages)
      .set({
        deletedAt: new Date(),
        attachments: [{ ...(picture.body as unknown as ChatMedia) }],
      })
      .where(eq(messages.id, gone.id));

    const page = await t.gql<Gallery>(GALLERY, { k: chatKey, l: 1 }, ana.headers);
    expect(page.errors).toBeUndefined();
    expect(page.data!.chatMedia.items).toEqual([
      expect.objectContaining({
        key: note.body.key,
        kind: 'audio',
        messageKey: second.key,
        user: { id: ben.userId },
      }),
    ]);
    expect(page.data!.chatMedia.nextBefore).toBe(second.key);
    const older = await t.gql<Gallery>(GALLERY, { k: chatKey, b: second.key, l: 10 }, ben.headers);
    expect(older.data!.chatMedia).toMatchObject({
      nextBefore: null,
      items: [
        { key: picture.body.key, kind: 'image', messageKey: first.key, variants: { x1: picture.body.url } },
        { key: video.body.key, kind: 'video', width: 640, height: 360, durationMs: 2000, variants: null },
      ],
    });

    const outsider = await t.gql(GALLERY, { k: chatKey }, cai.headers);
    expect(outsider.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const signedOut = await t.gql(GALLERY, { k: chatKey });
    expect(signedOut.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const badLimit = await t.gql(GALLERY, { k: chatKey, l: 500 }, ana.headers);
    expect(badLimit.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit' });
  });
});
