/** What the header of an MP4 (ISO base media) file tells without decoding it. */
export interface Mp4Info {
  durationMs: number | null;
  /** Size of the first video track, from its track header. */
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

interface Box {
  type: string;
  /** Where the box's header starts (its type is 4 bytes after). */
  at: number;
  /** Where the box's content starts and ends within the buffer. */
  start: number;
  end: number;
}

const MAX_BOXES = 10_000;

function* boxesIn(bytes: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  let count = 0;
  while (at + 8 <= to && count++ < MAX_BOXES) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      const large = bytes.readBigUInt64BE(at + 8);
      if (large > BigInt(to - at)) return;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return;
    yield { type, at, start: at + header, end: at + size };
    at += size;
  }
}

function readMvhd(bytes: Buffer, box: Box): number | null {
  const version = bytes[box.start];
  const body = box.start + 4;
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (body + 28 > box.end) return null;
    timescale = bytes.readUInt32BE(body + 16);
    duration = Number(bytes.readBigUInt64BE(body + 20));
  } else {
    if (body + 16 > box.end) return null;
    timescale = bytes.readUInt32BE(body + 8);
    duration = bytes.readUInt32BE(body + 12);
  }
  if (timescale === 0 || duration === 0 || duration === 0xffffffff) return null;
  const ms = Math.round((duration / timescale) * 1000);
  return Number.isSafeInteger(ms) && ms <= 2_147_483_647 ? ms : null;
}

function readTkhdSize(bytes: Buffer, box: Box): { width: number; height: number } | null {
  const offset = box.start + (bytes[box.start] === 1 ? 88 : 76);
  if (offset + 8 > box.end) return null;
  const width = Math.round(bytes.readUInt32BE(offset) / 65536);
  const height = Math.round(bytes.readUInt32BE(offset + 4) / 65536);
  return width > 0 && height > 0 ? { width, height } : null;
}

function readTrack(bytes: Buffer, trak: Box, info: Mp4Info): void {
  let size: { width: number; height: number } | null = null;
  let handler: string | null = null;
  for (const box of boxesIn(bytes, trak.start, trak.end)) {
    if (box.type === 'tkhd') size = readTkhdSize(bytes, box);
    if (box.type === 'mdia') {
      for (const inner of boxesIn(bytes, box.start, box.end)) {
        if (inner.type === 'hdlr' && inner.start + 12 <= inner.end) {
          handler = bytes.toString('latin1', inner.start + 8, inner.start + 12);
        }
      }
    }
  }
  if (handler === 'soun') info.hasAudio = true;
  if (handler === 'vide') {
    info.hasVideo = true;
    if (size && info.width === null) {
      info.width = size.width;
      info.height = size.height;
    }
  }
}

/**
 * Reads duration, video size and which kinds of tracks an MP4 holds from its `moov` box (at the
 * start or the end of the file). Never throws: anything it cannot read stays null or false.
 */
export function readMp4Info(bytes: Buffer): Mp4Info {
  const info: Mp4Info = { durationMs: null, width: null, height: null, hasVideo: false, hasAudio: false };
  for (const box of boxesIn(bytes, 0, bytes.length)) {
    if (box.type !== 'moov') continue;
    for (const inner of boxesIn(bytes, box.start, box.end)) {
      if (inner.type === 'mvhd') info.durationMs = readMvhd(bytes, inner);
      if (inner.type === 'trak') readTrack(bytes, inner, info);
    }
    break;
  }
  return info;
}

const METADATA_BOXES = new Set(['udta', 'meta']);

/**
 * Blanks user metadata in place: every `udta` and `meta` box inside `moov` and its tracks (where
 * phones keep the recording place, e.g. `©xyz` or Apple's location key) becomes a `free` box of
 * zeros. Sizes and offsets stay as they are, so the file plays as before. Answers how many boxes
 * were blanked.
 */
export function blankMp4Metadata(bytes: Buffer): number {
  let blanked = 0;
  const walk = (from: number, to: number, depth: number) => {
    for (const box of boxesIn(bytes, from, to)) {
      if (METADATA_BOXES.has(box.type) && depth > 0) {
        bytes.write('free', box.at + 4, 'latin1');
        bytes.fill(0, box.start, box.end);
        blanked++;
      } else if (box.type === 'moov' || (depth > 0 && (box.type === 'trak' || box.type === 'mdia'))) {
        walk(box.start, box.end, depth + 1);
      }
    }
  };
  walk(0, bytes.length, 0);
  return blanked;
}
