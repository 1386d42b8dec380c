import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';

// The browser's side of Web Push, written from the RFCs with node:crypto alone (no web-push, no
// http_ece), so the tests check Plaza's messages against an independent implementation.

/** What a browser keeps for one subscription: its P-256 key pair and the 16-byte auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  /** 65-byte uncompressed public key, base64url (PushSubscription keys.p256dh). */
  p256dh: string;
  /** base64url (PushSubscription keys.auth). */
  auth: string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/**
 * Decrypts an aes128gcm Web Push body (RFC 8188 content coding, keys derived as RFC 8291 says)
 * with the browser's private key and auth secret. Throws when anything does not check out.
 */
export function decryptPushBody(body: Buffer, keys: BrowserKeys): Buffer {
  // RFC 8188 §2.1 header: salt (16) | rs (uint32) | idlen (1) | keyid (idlen)
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || serverPublicKey[0] !== 0x04) throw new Error('keyid is not a P-256 public key');
  if (recordSize < 18) throw new Error('record size too small');
  const uaPublic = keys.ecdh.getPublicKey();
  // RFC 8291 §3.3 and §3.4
  const ecdhSecret = keys.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, Buffer.from(keys.auth, 'base64url'), keyInfo, 32));
  // RFC 8188 §2.2 and §2.3
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq++) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The sequence number (96 bits, big-endian) XOR the base nonce; records here number far below 2^32.
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = offset + recordSize >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error(`bad padding delimiter in record ${seq}`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292): the JWT is ES256, signed by
 * the key `k`. Answers the key and the claims; throws when the signature does not verify.
 */
export function verifyVapidHeader(header: string): { key: string; claims: VapidClaims; jwtHeader: unknown } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`not a vapid Authorization header: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [headerPart, claimsPart, signaturePart] = jwt.split('.') as [string, string, string];
  const jwtHeader = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8')) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`JWT alg is ${jwtHeader.alg}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signature = Buffer.from(signaturePart, 'base64url');
  const signed = Buffer.from(`${headerPart}.${claimsPart}`);
  if (!verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw new Error('the VAPID JWT signature does not verify with k');
  }
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString('utf8')) as VapidClaims;
  return { key, claims, jwtHeader };
}
