// Shared steps of the file-manager journeys: generated test files and drops "from the desktop".
import type { Locator, Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of `width`×`height` RGB pixels, stored uncompressed so its size is about width×height×3 bytes. */
export function makePng(width: number, height: number, seed = 7): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width * 3; x += 1) raw[row + 1 + x] = (x * seed + y * 13) & 0xff;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 0 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Page-side globals the steps use (the tests' TypeScript project has no DOM types). */
type PageGlobals = {
  DataTransfer: new () => { items: { add(file: unknown): unknown } };
  File: new (parts: unknown[], name: string, options?: { type?: string }) => unknown;
  atob(data: string): string;
};

/** A DataTransfer holding the given files, built in the page as a drag from the desktop would fill it. */
export async function dataTransferOf(page: Page, files: { name: string; type: string; bytes: Buffer }[]) {
  return page.evaluateHandle((list) => {
    const g = globalThis as unknown as PageGlobals;
    const transfer = new g.DataTransfer();
    for (const file of list) transfer.items.add(new g.File([Uint8Array.from(g.atob(file.b64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
    return transfer;
  }, files.map((file) => ({ name: file.name, type: file.type, b64: file.bytes.toString('base64') })));
}

/** Drop files from "the desktop" onto an element, with the dragenter/dragover a real drag sends first. */
export async function dropFiles(page: Page, target: Locator, files: { name: string; type: string; bytes: Buffer }[]) {
  const dataTransfer = await dataTransferOf(page, files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}
