// Small deterministic PNG pictures for the demo content, drawn in code so the repository ships no binaries:
// a diagonal two-colour gradient with a soft disc and a band, enough to tell images apart in lists and pickers.
import zlib from 'node:zlib';

export type Rgb = readonly [number, number, number];

export interface Picture {
  width: number;
  height: number;
  from: Rgb;
  to: Rgb;
  /** centre of the disc, as fractions of the width and height */
  disc?: readonly [number, number];
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** Encodes the picture as an 8-bit RGB PNG (same input, same bytes). */
export function drawPng({ width, height, from, to, disc = [0.7, 0.4] }: Picture): Buffer {
  const rowBytes = width * 3 + 1;
  const raw = Buffer.alloc(rowBytes * height);
  const [cx, cy, r] = [disc[0] * width, disc[1] * height, Math.min(width, height) * 0.28];
  for (let y = 0; y < height; y++) {
    raw[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let rgb = [mix(from[0], to[0], t), mix(from[1], to[1], t), mix(from[2], to[2], t)];
      const d = Math.hypot(x - cx, y - cy);
      if (d < r) rgb = rgb.map((c) => mix(c, 255, 0.55 * (1 - d / r) + 0.2));
      if (y > height * 0.78 && y < height * 0.86) rgb = rgb.map((c) => mix(c, 255, 0.35));
      raw.set(rgb, y * rowBytes + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, RGB, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
