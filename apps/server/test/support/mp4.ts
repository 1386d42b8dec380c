/** Builds small but well-formed MP4 headers, as a phone's video or voice note starts. */
function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function mvhd(timescale: number, duration: number): Buffer {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(timescale, 12);
  body.writeUInt32BE(duration, 16);
  return box('mvhd', body);
}

function track(handler: 'vide' | 'soun', width: number, height: number): Buffer {
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  const hdlr = Buffer.alloc(25);
  hdlr.write(handler, 8, 'latin1');
  return box('trak', box('tkhd', tkhd), box('mdia', box('hdlr', hdlr)));
}

export interface Mp4Options {
  /** isom for a video, "M4A " for an iPhone voice note. */
  brand?: string;
  durationMs?: number;
  video?: { width: number; height: number };
  audio?: boolean;
  /** Bytes of media data after the header. */
  dataBytes?: number;
  moovAtEnd?: boolean;
  /** An ISO 6709 place, kept as phones do: moov/udta/©xyz and moov/meta. */
  location?: string;
}

export function makeMp4(options: Mp4Options = {}): Buffer {
  const brand = (options.brand ?? 'isom').padEnd(4, ' ');
  const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\0\0isommp42`, 'latin1'));
  const tracks = [
    ...(options.video ? [track('vide', options.video.width, options.video.height)] : []),
    ...(options.audio !== false ? [track('soun', 0, 0)] : []),
  ];
  const place = options.location
    ? [
        box('udta', box('\xa9xyz', Buffer.from(options.location, 'latin1'))),
        box(
          'meta',
          Buffer.alloc(4),
          box('keys', Buffer.from(`com.apple.quicktime.location.ISO6709 ${options.location}`)),
        ),
      ]
    : [];
  const moov = box('moov', mvhd(1000, options.durationMs ?? 3000), ...tracks, ...place);
  const mdat = box('mdat', Buffer.alloc(options.dataBytes ?? 1024, 7));
  return Buffer.concat(options.moovAtEnd ? [ftyp, mdat, moov] : [ftyp, moov, mdat]);
}
