import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrast } from './readable';
import { findTheme, THEMES } from './themes';

/** An `rgba(255, 255, 255, a)` or `#rrggbb` colour as it shows on an opaque background. */
function onBackground(color: string, background: string): string {
  const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(color);
  if (!rgba) return color;
  const alpha = Number(rgba[4]);
  const bg = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16));
  return `#${[1, 2, 3].map((i, k) => Math.round(Number(rgba[i]) * alpha + bg[k] * (1 - alpha)).toString(16).padStart(2, '0')).join('')}`;
}

const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'gold', 'lime'];

describe('theme text contrast (WCAG 2.1 AA, issue 42)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21);
    expect(contrast('#1668dc', '#15325b')).toBeCloseTo(2.46, 1); // the dark theme's selected entry before
  });

  it.each(THEMES.filter((t) => t.dark).map((t) => [t.key]))('%s: links, the selected navigation entry and placeholders read at 4.5:1', (key) => {
    const { config } = findTheme(key);
    const token = theme.getDesignToken(config);
    for (const background of [token.colorBgContainer, token.colorBgLayout, token.colorBgElevated]) {
      expect(contrast(token.colorLink, background), `${key} link on ${background}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(onBackground(token.colorTextPlaceholder, background), background), `${key} placeholder on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    const menu = config.components?.Menu as { itemSelectedColor: string };
    expect(contrast(onBackground(menu.itemSelectedColor, token.colorPrimaryBg), token.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['dark', 'light'].map((k) => [k]))('%s: every preset tag colour reads on its tag', (key) => {
    const { config } = findTheme(key);
    const token = theme.getDesignToken(config) as unknown as Record<string, string>;
    const tag = (config.components?.Tag ?? {}) as Record<string, string>;
    for (const color of PRESETS) expect(contrast(tag[`${color}7`] ?? token[`${color}7`], token[`${color}1`]), `${key} ${color}`).toBeGreaterThanOrEqual(4.5);
  });
});

describe('light theme text contrast (issue 42)', () => {
  it('the primary button, the selected entry and status tags read at 4.5:1', () => {
    const { config } = findTheme('light');
    const token = theme.getDesignToken(config) as unknown as Record<string, string>;
    const c = config.components as Record<string, Record<string, string>>;
    expect(contrast('#ffffff', c.Button.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(onBackground(c.Menu.itemSelectedColor, token.colorPrimaryBg), token.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
    for (const s of ['Success', 'Info', 'Warning', 'Error']) expect(contrast(c.Tag[`color${s}`] ?? token[`color${s}`], token[`color${s}Bg`]), s).toBeGreaterThanOrEqual(4.5);
  });
});

describe('light theme links and quiet text (issue 42)', () => {
  it('links, secondary text and placeholders read at 4.5:1 on white', () => {
    const token = theme.getDesignToken(findTheme('light').config);
    expect(contrast(token.colorLink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    for (const c of [token.colorTextDescription, token.colorTextPlaceholder]) {
      expect(contrast(onBackground(c, '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('danger buttons and empty tables (issue 42, the axe sweep of /users and /team)', () => {
  it.each(THEMES.map((t) => [t.key]))('%s: a danger button and a table’s empty text read at 4.5:1', (key) => {
    const { config } = findTheme(key);
    const token = theme.getDesignToken(config);
    const c = config.components as Record<string, Record<string, string>>;
    expect(contrast(c.Button.colorError, token.colorBgContainer), `${key} danger button`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(onBackground(c.Table.colorTextDisabled, token.colorBgContainer), token.colorBgContainer), `${key} empty table`).toBeGreaterThanOrEqual(4.5);
  });
});
