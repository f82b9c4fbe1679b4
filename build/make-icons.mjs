// Draws the Sitedesk icon (a console window on a blue rounded square) and writes build/icon.png
// (512×512), build/icon.ico (256/48/32/16, PNG-compressed entries) and build/icon.icns (PNG entries).
// No image tooling is needed: pixels are computed here and PNG-encoded with zlib.
// Run: node build/make-icons.mjs
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stdout } from 'node:process';
import { deflateSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** Inside a rounded rectangle (coordinates in units of the icon, 0..1). */
const inRound = (x, y, x0, y0, x1, y1, r) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

/** Colour of one point of the design, [r, g, b, a] with a in 0..1. */
function paint(x, y) {
  if (!inRound(x, y, 0.06, 0.06, 0.94, 0.94, 0.2)) return [0, 0, 0, 0];
  // background: antd blue, lighter towards the top
  const t = (y - 0.06) / 0.88;
  const bg = [Math.round(64 - 40 * t), Math.round(150 - 40 * t), 255, 1];
  if (inRound(x, y, 0.2, 0.24, 0.8, 0.76, 0.06)) {
    if (y < 0.34) return [228, 236, 255, 1]; // title bar
    if (x < 0.36) return [200, 216, 250, 1]; // side menu
    // three content rows
    for (const row of [0.42, 0.53, 0.64]) if (y > row && y < row + 0.05 && x > 0.42 && x < (row === 0.53 ? 0.66 : 0.74)) return [22, 119, 255, 1];
    return [255, 255, 255, 1];
  }
  return bg;
}

function render(size) {
  const samples = 4; // supersampling for smooth edges
  const out = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const [cr, cg, cb, ca] = paint((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          r += cr * ca; g += cg * ca; b += cb * ca; a += ca;
        }
      }
      const i = (py * size + px) * 4;
      out[i] = a ? Math.round(r / a) : 0;
      out[i + 1] = a ? Math.round(g / a) : 0;
      out[i + 2] = a ? Math.round(b / a) : 0;
      out[i + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return png(size, out);
}

function ico(images) {
  const header = Buffer.alloc(6 + images.length * 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const e = 6 + i * 16;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4); // planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.data)]);
}

function icns(entries) {
  const parts = entries.map(({ type, data }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

const sizes = Object.fromEntries([16, 32, 48, 64, 128, 256, 512, 1024].map((s) => [s, render(s)]));
writeFileSync(path.join(here, 'icon.png'), sizes[512]);
writeFileSync(path.join(here, 'icon.ico'), ico([256, 48, 32, 16].map((size) => ({ size, data: sizes[size] }))));
// icp4/icp5 16/32, ic07 128, ic08 256, ic09 512, ic10 1024 (512@2x): all PNG payloads.
writeFileSync(
  path.join(here, 'icon.icns'),
  icns([
    { type: 'icp4', data: sizes[16] },
    { type: 'icp5', data: sizes[32] },
    { type: 'ic07', data: sizes[128] },
    { type: 'ic08', data: sizes[256] },
    { type: 'ic09', data: sizes[512] },
    { type: 'ic10', data: sizes[1024] },
  ]),
);
stdout.write('build/icon.png, build/icon.ico, build/icon.icns written\n');
