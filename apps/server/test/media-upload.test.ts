import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlaza, type TestPlaza } from './harness.ts';
import { signInWithEmail, type SignedIn } from './support/sign-in.ts';

let t: TestPlaza;
let person: SignedIn;
beforeAll(async () => {
  t = await startTestPlaza({ TRUST_PROXY: '1' });
  person = await signInWithEmail(t, 'photographer@example.org');
});
afterAll(() => t.close());

async function upload(body: Uint8Array, headers: Record<string, string> = person.headers, query = '') {
  const res = await fetch(`${await t.url()}/media/upload${query}`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', ...headers },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A JPEG as phones take them: with EXIF, including where it was taken. */
async function photoWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffb703' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PlazaPhone', Model: 'Test', Copyright: 'Ada' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 42/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '9/1 8/1 0/1',
      },
    })
    .toBuffer();
}

/** A PNG header claiming a huge picture, with almost no pixels behind it. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(9000, 0);
  header.writeUInt32BE(9000, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /media/upload', () => {
  it('re-encodes a photo into square 1x, 2x and 3x WebP variants without its EXIF or GPS', async () => {
    const original = await photoWithGps(1200, 900);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(original);
    expect(res.status).toBe(201);
    expect(res.body.path).toMatch(/^\/media\/[A-Za-z0-9]{16}\.webp$/);
    const variants = res.body.variants as Record<string, string>;
    expect(variants['1x']).toBe(res.body.path);
    const sizes: number[] = [];
    for (const scale of ['1x', '2x', '3x']) {
      const served = await fetch(`${await t.url()}${variants[scale]}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBe(meta.height);
      sizes.push(meta.width!);
      expect(bytes.includes(Buffer.from('PlazaPhone'))).toBe(false);
    }
    expect(sizes).toEqual([160, 320, 480]);
  });

  it('keeps the proportions of a picture that is not an avatar', async () => {
    const res = await upload(await photoWithGps(1200, 600), person.headers, '?kind=image');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 640, height: 320 });
  });

  it('accepts PNG, WebP and GIF by their bytes, whatever the declared type', async () => {
    const base = sharp({ create: { width: 64, height: 64, channels: 4, background: '#8ecae6' } });
    for (const bytes of [
      await base.clone().png().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
    ]) {
      const res = await upload(bytes, { ...person.headers, 'content-type': 'application/octet-stream' });
      expect(res.status).toBe(201);
    }
  });

  it('refuses what is not a JPEG, PNG, WebP or GIF, even when it claims to be', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const text = Buffer.from('just some text pretending to be a jpeg');
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    for (const bytes of [svg, text, tiff]) {
      const res = await upload(bytes);
      expect(res.status).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('refuses files over 10 MB and pictures over 40 megapixels', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooBig = await upload(big);
    expect(tooBig.status).toBe(413);
    const bomb = await upload(pixelBomb());
    expect(bomb.status).toBe(413);
    expect(bomb.body.message).toMatch(/megapixels/);
  });

  it('is only for signed-in people', async () => {
    const res = await upload(await photoWithGps(200, 200), {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('gives a path that updateProfile takes as the photo, for its uploader only', async () => {
    const res = await upload(await photoWithGps(500, 500));
    const set = await t.gql<{ updateProfile: { image: string } }>(
      'mutation ($u: UpdateProfileInput!) { updateProfile(user: $u) { image } }',
      { u: { image: res.body.path } },
      person.headers,
    );
    expect(set.data).toEqual({ updateProfile: { image: res.body.path } });
    const other = await signInWithEmail(t, 'copycat@example.org');
    const stolen = await t.gql(
      'mutation ($u: UpdateProfileInput!) { updateProfile(user: $u) { image } }',
      { u: { image: res.body.path } },
      other.headers,
    );
    expect(stolen.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'image' });
  });
});
