import { describe, expect, it } from 'vitest';
import { makeMp4 } from '../../../test/support/mp4.ts';
import { blankMp4Metadata, readMp4Info } from './mp4-info.ts';

describe('readMp4Info', () => {
  it('reads duration and video size from a video', () => {
    expect(readMp4Info(makeMp4({ durationMs: 4250, video: { width: 1280, height: 720 } }))).toEqual({
      durationMs: 4250,
      width: 1280,
      height: 720,
      hasVideo: true,
      hasAudio: true,
    });
  });

  it('finds the header at the end of the file too, and audio-only files have no size', () => {
    expect(readMp4Info(makeMp4({ durationMs: 61_000, moovAtEnd: true }))).toEqual({
      durationMs: 61_000,
      width: null,
      height: null,
      hasVideo: false,
      hasAudio: true,
    });
  });

  it('never throws on truncated or garbage input', () => {
    const whole = makeMp4({ video: { width: 640, height: 480 } });
    for (let cut = 0; cut < 300; cut += 7) expect(() => readMp4Info(whole.subarray(0, cut))).not.toThrow();
    const liar = Buffer.from(whole);
    liar.writeUInt32BE(0xfffffff0, 0);
    expect(readMp4Info(liar).durationMs).toBeNull();
    expect(readMp4Info(Buffer.from('not an mp4 at all'))).toMatchObject({
      durationMs: null,
      hasVideo: false,
    });
  });
});

describe('blankMp4Metadata', () => {
  it('turns udta and meta boxes in moov and its tracks into free space, leaving the rest alone', () => {
    const plain = makeMp4({ durationMs: 4250, video: { width: 1280, height: 720 } });
    const located = makeMp4({
      durationMs: 4250,
      video: { width: 1280, height: 720 },
      location: '+38.7000-009.1333/',
    });
    expect(located.includes(Buffer.from('+38.7000-009.1333/'))).toBe(true);
    expect(blankMp4Metadata(located)).toBe(2);
    expect(located.includes(Buffer.from('+38.7000-009.1333/'))).toBe(false);
    expect(readMp4Info(located)).toEqual(readMp4Info(plain));
    expect(blankMp4Metadata(plain)).toBe(0);
  });
});
