// Test helpers for the file engine and its routes (server/files, tests/server): files with real signatures, of any size.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid 1×1 PNG, padded with a private ancillary chunk (random bytes) to reach `size` bytes. */
export function pngBytes(size = 0): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0, 255]));
  const parts = [Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', ihdr), pngChunk('IDAT', pixels)];
  const base = Buffer.concat(parts).length + 12; // + IEND
  const padding = size - base - 12;
  if (padding >= 0) parts.push(pngChunk('prVt', randomBytes(padding)));
  parts.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** A PDF-looking file of `size` bytes. */
export function pdfBytes(size = 1000): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

/** Splits into chunks of `chunkSize` bytes (the last shorter). */
export function chunksOf(bytes: Buffer, chunkSize: number): Buffer[] {
  const out: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkSize) out.push(bytes.subarray(offset, offset + chunkSize));
  return out;
}
