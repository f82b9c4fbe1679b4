/**
 * The unread count drawn as a Windows taskbar overlay: a red disc with the number in white (up to 99, then "99+"),
 * as raw BGRA pixels for `nativeImage.createFromBitmap`. Windows has no numeric badge API Electron exposes
 * (`app.setBadgeCount` is macOS and Linux only), and an overlay is the Windows way of showing a status on the taskbar
 * button; drawing it here needs no image files per number and no canvas.
 */

/** 3×5 glyphs, one string per row ('#' = ink). */
const GLYPHS: Record<string, string[]> = {
  '0': ['###', '#.#', '#.#', '#.#', '###'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###', '..#', '###', '#..', '###'],
  '3': ['###', '..#', '###', '..#', '###'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '###', '..#', '###'],
  '6': ['###', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '.#.', '.#.', '.#.'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '###'],
  '+': ['...', '.#.', '###', '.#.', '...'],
};

/** The overlay is 16×16 at 100 % (Windows' small-icon size); larger scales repeat each cell, so digits stay sharp. */
export const BADGE_SIZE = 16;
const RED = [45, 34, 245, 255]; // BGRA of #F5222D, the console's error red
const WHITE = [255, 255, 255, 255];

export const badgeText = (count: number) => (count > 99 ? '99+' : String(Math.max(0, Math.floor(count))));

/** The badge as a grid of cells: ' ' transparent, 'o' disc, '#' digit. Also what the tests read. */
export function badgeGrid(count: number): string[] {
  const text = badgeText(count);
  const width = text.length * 4 - 1;
  const left = Math.floor((BADGE_SIZE - width) / 2);
  const top = Math.floor((BADGE_SIZE - 5) / 2);
  const rows: string[] = [];
  const centre = (BADGE_SIZE - 1) / 2;
  for (let y = 0; y < BADGE_SIZE; y++) {
    let row = '';
    for (let x = 0; x < BADGE_SIZE; x++) {
      const inDisc = (x - centre) ** 2 + (y - centre) ** 2 <= (BADGE_SIZE / 2) ** 2;
      const glyph = GLYPHS[text[Math.floor((x - left) / 4)]];
      const column = (x - left) % 4;
      const ink = x >= left && x < left + width && column < 3 && y >= top && y < top + 5 && glyph?.[y - top][column] === '#';
      row += ink ? '#' : inDisc ? 'o' : ' ';
    }
    rows.push(row);
  }
  return rows;
}

/** BGRA pixels of the badge at a scale factor (1 = 16×16, 2 = 32×32). */
export function badgeBitmap(count: number, scale = 1): { width: number; height: number; buffer: Buffer } {
  const grid = badgeGrid(count);
  const size = BADGE_SIZE * scale;
  const buffer = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const cell = grid[Math.floor(y / scale)][Math.floor(x / scale)];
      if (cell !== ' ') buffer.set(cell === '#' ? WHITE : RED, (y * size + x) * 4);
    }
  }
  return { width: size, height: size, buffer };
}
