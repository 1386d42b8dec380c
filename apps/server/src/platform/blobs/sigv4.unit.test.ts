import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, signV4 } from './sigv4.ts';

describe('AWS Signature Version 4', () => {
  it("signs AWS's published S3 example (GET /test.txt, bytes 0-9) to the published signature", () => {
    // The "GET Object" example of the S3 API reference, "Signature Calculations for the
    // Authorization Header": its canonical request, string to sign and signature.
    const signed = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n' +
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('sorts and encodes query parameters, and signs the port of a non-default endpoint', () => {
    const signed = signV4({
      method: 'GET',
      url: new URL('http://127.0.0.1:9000/bucket?prefix=a b&list-type=2'),
      headers: {},
      payloadHash: EMPTY_SHA256,
      region: 'auto',
      service: 's3',
      accessKeyId: 'k',
      secretAccessKey: 's',
      now: new Date('2026-01-02T03:04:05.678Z'),
    });
    const lines = signed.canonicalRequest.split('\n');
    expect(lines.slice(0, 4)).toEqual(['GET', '/bucket', 'list-type=2&prefix=a%20b', 'host:127.0.0.1:9000']);
    expect(signed.headers['x-amz-date']).toBe('20260102T030405Z');
  });
});
