import { describe, expect, it } from 'vitest';
import { deepestArea, isGroup, NAV, visibleNav } from './nav';

describe('nav registry', () => {
  it('lists every area of both spec documents', () => {
    const paths = NAV.flatMap((e) => (isGroup(e) ? e.areas.map((a) => a.path) : [e.path]));
    for (const path of ['/', '/website', '/info-website', '/news', '/news/category', '/sick', '/menu', '/file', '/partner', '/faq-group', '/faq', '/banner', '/album', '/specialization', '/feedback', '/customerFeedback', '/expert-question-and-answer', '/service-website', '/group-service', '/job', '/recruitment', '/career', '/level', '/job-type', '/booking', '/video', '/advertisement', '/team', '/customer']) {
      expect(paths).toContain(path);
    }
  });

  it('shows an area only when its screen is registered, and a group only with a visible area', () => {
    expect(visibleNav(new Set(['/']))).toEqual([NAV[0]]);
    const withFiles = visibleNav(new Set(['/', '/file']));
    expect(withFiles).toHaveLength(2);
    const media = withFiles[1];
    expect(isGroup(media) && media.areas.map((a) => a.path)).toEqual(['/file']);
  });

  it('highlights only the deepest area a path is in', () => {
    expect(deepestArea(NAV, '/news/category/3')).toBe('/news/category');
    expect(deepestArea(NAV, '/news/12')).toBe('/news');
    expect(deepestArea(NAV, '/')).toBe('/');
    expect(deepestArea(NAV, '/newsletter')).toBeUndefined();
    expect(deepestArea(NAV, '/no/such/screen')).toBeUndefined();
  });
});
