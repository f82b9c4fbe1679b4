// Photo-sized demo pictures for the news (issue 41): what staff really upload is a camera's 3000×2000 JPEG of a few
// MB, not a 480×300 drawing, and the image work (sizes, srcset, the bench's bytes) must be seen on such files. Drawn
// at seed time, deterministically (same input, same bytes; the repository ships no binaries): the demo drawing's
// gradient, disc and band (./png.ts) with texture from a seeded generator at two scales — blotches that survive a
// smaller size, grain that does not compress — so the JPEG weighs what a photo weighs and its smaller sizes what a
// photo's do.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Rgb } from './png';

export const PHOTO_WIDTH = 3000;
export const PHOTO_HEIGHT = 2000;

export interface Photo {
  from: Rgb;
  to: Rgb;
  /** centre of the disc, as fractions of the width and height */
  disc: readonly [number, number];
  /** the texture's seed */
  seed: number;
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GRAIN = 509; // a prime tile: its repeats do not line up with JPEG's 8×8 blocks
const CELL = 24; // the blotches' size in pixels

function draw({ from, to, disc, seed }: Photo): Buffer {
  const next = random(seed);
  const grain = Float32Array.from({ length: GRAIN * GRAIN }, () => (next() + next() + next() - 1.5) * 28);
  const cols = Math.ceil(PHOTO_WIDTH / CELL) + 2;
  const rows = Math.ceil(PHOTO_HEIGHT / CELL) + 2;
  const coarse = Float32Array.from({ length: cols * rows }, () => (next() - 0.5) * 50);
  const out = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  const [cx, cy, r] = [disc[0] * PHOTO_WIDTH, disc[1] * PHOTO_HEIGHT, Math.min(PHOTO_WIDTH, PHOTO_HEIGHT) * 0.28];
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    const gy = y / CELL;
    const y0 = Math.floor(gy);
    const fy = gy - y0;
    const band = y > PHOTO_HEIGHT * 0.78 && y < PHOTO_HEIGHT * 0.86;
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const gx = x / CELL;
      const x0 = Math.floor(gx);
      const fx = gx - x0;
      const i = y0 * cols + x0;
      const blotch = (coarse[i] * (1 - fx) + coarse[i + 1] * fx) * (1 - fy) + (coarse[i + cols] * (1 - fx) + coarse[i + cols + 1] * fx) * fy;
      const t = (x / PHOTO_WIDTH + y / PHOTO_HEIGHT) / 2;
      const d = Math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy));
      const light = (d < r ? 0.55 * (1 - d / r) + 0.2 : 0) + (band ? 0.35 : 0);
      const texture = blotch + grain[(y % GRAIN) * GRAIN + (x % GRAIN)];
      const o = (y * PHOTO_WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = from[c] + (to[c] - from[c]) * t;
        out[o + c] = Math.max(0, Math.min(255, base + (255 - base) * Math.min(1, light) + texture));
      }
    }
  }
  return out;
}

// Several suites seed the demo, each on two databases: a picture is drawn once a process, and kept on disk between
// runs under the hash of what draws it (the same input gives the same bytes, so a kept one is the one drawn).
const drawn = new Map<string, Promise<Buffer>>();
const VERSION = 1;

async function drawOrKept(photo: Photo): Promise<Buffer> {
  const key = createHash('sha256').update(JSON.stringify([VERSION, PHOTO_WIDTH, PHOTO_HEIGHT, photo])).digest('hex').slice(0, 32);
  const file = path.join(os.tmpdir(), 'sitedesk-demo-photos', `${key}.jpg`);
  const kept = await readFile(file).catch(() => undefined);
  if (kept) return kept;
  const jpeg = await sharp(draw(photo), { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  await writeFile(partial, jpeg);
  await rename(partial, file); // whole or absent, even with another process drawing the same one
  return jpeg;
}

/** A 3000×2000 JPEG of the picture (same input, same bytes). */
export function drawPhoto(photo: Photo): Promise<Buffer> {
  const key = JSON.stringify(photo);
  let bytes = drawn.get(key);
  if (!bytes) {
    bytes = drawOrKept(photo);
    drawn.set(key, bytes);
  }
  return bytes;
}
