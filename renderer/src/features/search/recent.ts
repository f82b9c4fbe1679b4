// The last searches of the palette, per user, in the preferences store (local storage in the browser, the desktop
// app's settings): the words a user looks for again are offered before they type.
import { platform } from '../../session';

const KEPT = 5;
const keyOf = (userId: string | number) => `recentSearches.${userId}`;

export async function recentSearches(userId: string | number): Promise<string[]> {
  const stored = await platform.getPreference(keyOf(userId)).catch(() => undefined);
  return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string').slice(0, KEPT) : [];
}

/** `words` first, without its earlier copy, at most five kept. */
export async function rememberSearch(userId: string | number, words: string): Promise<string[]> {
  const text = words.trim();
  const before = await recentSearches(userId);
  if (!text) return before;
  const next = [text, ...before.filter((s) => s.toLowerCase() !== text.toLowerCase())].slice(0, KEPT);
  await platform.setPreference(keyOf(userId), next).catch(() => undefined);
  return next;
}
