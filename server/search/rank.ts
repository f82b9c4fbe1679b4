// Ranking the records the search found: a title equal to the words typed first, then titles starting with them, then
// titles holding them, then records found by another field; folded as the keyword search folds (shared/text.ts), so
// "kham" ranks "Khám" as an exact match.
import { foldText } from '../../shared/text';

export interface Found {
  resource: string;
  id: number;
  title: string;
  subtitle: string;
  route: string;
}

/** 0 exact, 1 the title starts with it, 2 the title holds it, 3 found by another field. */
export function rankOf(title: string, keyword: string): number {
  const t = foldText(title).replace(/\s+/g, ' ').trim();
  const k = foldText(keyword).replace(/\s+/g, ' ').trim();
  if (!k) return 3;
  if (t === k) return 0;
  if (t.startsWith(k)) return 1;
  if (t.includes(k)) return 2;
  return 3;
}

/** The found records best first (ties keep the order they were found in), at most `limit`. */
export function ranked(found: readonly Found[], keyword: string, limit: number): Found[] {
  return found
    .map((f, i) => ({ f, i, r: rankOf(f.title, keyword) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.f);
}
