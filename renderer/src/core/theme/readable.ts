import { theme, type ThemeConfig } from 'antd';

/**
 * WCAG 2.1 AA text contrast (4.5:1) on top of antd's algorithms (issue 42). antd's palettes leave some text below it:
 * in a dark theme the primary colour as text (links, the active tab, the selected navigation entry on its tinted
 * background: 2.46:1) and placeholders (white at 25 %: 2.24:1); in both, a few preset tag colours on their tinted
 * backgrounds. Each theme keeps its colours; only the text shade moves, to the palette's next readable one.
 */
const AA = 4.5;

const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'gold', 'lime'] as const;

function channels(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two opaque `#rrggbb` colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

type Token = Record<string, unknown>;
const hexOf = (token: Token, key: string) => (typeof token[key] === 'string' && /^#[0-9a-f]{6}$/i.test(token[key]) ? token[key] : undefined);

/** The first of `shades` (palette keys, in order) readable on `background`, or undefined. */
function firstReadable(token: Token, shades: string[], background: string): string | undefined {
  return shades.map((k) => hexOf(token, k)).find((c) => c !== undefined && contrast(c, background) >= AA);
}

/** `color` mixed with white by `share` (0 to 1). */
function lighten(color: string, share: number): string {
  return `#${channels(color).map((c) => Math.round((c + (1 - c) * share) * 255).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The link colour of a dark theme: `colorLink` is a seed the dark algorithm darkens again, so the seed is the primary
 * lightened step by step until what the algorithm makes of it reads at 4.5:1 on every background text sits on.
 */
function readableLink(config: ThemeConfig, token: Token): { seed: string; shown: string } {
  const backgrounds = ['colorBgContainer', 'colorBgLayout', 'colorBgElevated'].map((k) => hexOf(token, k)).filter((c) => c !== undefined);
  const primary = hexOf(token, 'colorPrimary') ?? '#1677ff';
  for (let step = 1; step <= 8; step++) {
    const seed = lighten(primary, step / 10);
    const shown = (theme.getDesignToken({ ...config, token: { ...config.token, colorLink: seed } }) as unknown as Token).colorLink as string;
    if (backgrounds.every((bg) => contrast(shown, bg) >= AA)) return { seed, shown };
  }
  return { seed: '#ffffff', shown: '#ffffff' };
}

/** The theme with the token and component overrides that bring its text to 4.5:1. */
export function readable(config: ThemeConfig, dark: boolean): ThemeConfig {
  const token = theme.getDesignToken(config) as unknown as Token;
  const tag: Token = {};
  for (const color of PRESETS) {
    const background = hexOf(token, `${color}1`);
    const text = hexOf(token, `${color}7`);
    if (!background || !text || contrast(text, background) >= AA) continue;
    const better = firstReadable(token, [`${color}8`, `${color}9`, `${color}10`], background);
    if (better) tag[`${color}7`] = better;
  }
  // Status tags (success, error…) draw their colour on its tint: the first readable of its text shades.
  const presetOf: Record<string, string> = { Success: 'green', Info: 'blue', Warning: 'gold', Error: 'red' };
  for (const status of ['Success', 'Info', 'Warning', 'Error']) {
    const background = hexOf(token, `color${status}Bg`);
    const text = hexOf(token, `color${status}`);
    if (!background || !text || contrast(text, background) >= AA) continue;
    const better = firstReadable(token, [`color${status}Text`, `color${status}TextActive`, `color${status}TextHover`, `${presetOf[status]}8`, `${presetOf[status]}9`], background);
    if (better) tag[`color${status}`] = better;
  }
  // A table's empty text is drawn in the disabled shade (white or black at 25 %: 2.24:1 dark, 1.83:1 light), though it
  // is a message, not a disabled control: the description shade below instead.
  const quiet = dark ? 'rgba(255, 255, 255, 0.5)' : 'rgba(0, 0, 0, 0.6)';
  const components: ThemeConfig['components'] = { ...config.components, Tag: { ...config.components?.Tag, ...tag }, Table: { colorTextDisabled: quiet, ...config.components?.Table } };
  if (!dark) {
    // Light: white on the primary button (4.1:1) and the selected entry's primary text on its tint (3.66:1) are
    // drawn one shade darker.
    const deeper = firstReadable(token, ['colorPrimary', 'colorPrimaryActive', 'colorPrimaryTextActive'], '#ffffff') ?? (token.colorPrimary as string);
    return {
      ...config,
      // Links (4.1:1), secondary text (3.36:1) and placeholders (1.83:1) on white are drawn darker too.
      token: { ...config.token, colorLink: deeper, colorTextDescription: quiet, colorTextTertiary: quiet, colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)' },
      components: {
        ...components,
        Button: { colorPrimary: deeper, colorError: firstReadable(token, ['colorError', 'colorErrorActive', 'colorErrorTextActive'], '#ffffff') ?? (token.colorError as string), ...config.components?.Button },
        Tabs: { itemSelectedColor: deeper, itemActiveColor: deeper, ...config.components?.Tabs },
        Menu: { itemSelectedColor: token.colorText as string, ...config.components?.Menu },
      },
    };
  }
  // Dark: the primary colour as text is lighter, readable on the page, in cards and in pop-ups.
  const link = readableLink(config, token);
  const onDark = link.shown;
  return {
    ...config,
    token: { ...config.token, colorLink: link.seed, colorTextPlaceholder: quiet, colorTextDescription: quiet, colorTextTertiary: quiet },
    components: {
      ...components,
      // A danger button's red text on the page (4.34:1): its lighter shade.
      Button: { colorError: firstReadable(token, ['colorError', 'colorErrorHover', 'colorErrorTextHover', 'red7', 'red8'], hexOf(token, 'colorBgContainer') ?? '#141414') ?? (token.colorError as string), ...config.components?.Button },
      // The selected entry sits on the primary's tinted background: plain text colour there, the tint marks it.
      Menu: { itemSelectedColor: token.colorText as string, subMenuItemSelectedColor: onDark, ...config.components?.Menu },
      Tabs: { itemSelectedColor: onDark, itemActiveColor: onDark, itemHoverColor: onDark, ...config.components?.Tabs },
    },
  };
}

/** The primary colour, or its lighter hover shade when the primary is not readable on `background` (a dark page). */
export function readableOn(token: { colorPrimary: string; colorPrimaryTextHover: string }, background: string): string {
  const plain = /^#[0-9a-f]{6}$/i;
  if (!plain.test(background) || !plain.test(token.colorPrimary)) return token.colorPrimary;
  return contrast(token.colorPrimary, background) >= 3 ? token.colorPrimary : token.colorPrimaryTextHover;
}
