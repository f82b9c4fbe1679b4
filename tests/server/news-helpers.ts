// Building news bodies for the server suites (news.test.ts, editorial.test.ts).
import { expect } from 'vitest';
import type { ServerTestContext } from './harness';

let n = 0;
/** A valid news body with unique SEO links. */
export function newsBody(extra: Record<string, unknown> = {}) {
  n += 1;
  return {
    newsTranslations: [
      { languageId: 'vi-VN', title: `Khám sức khỏe ${n}`, description: 'Mô tả', content: '<p>Nội dung</p>', seoLink: `kham-suc-khoe-${n}`, note: '', metaTitle: 'Meta', metaDescription: '', metaKeyword: '' },
      { languageId: 'en-US', title: `Health check ${n}`, description: 'Description', content: '<p>Content</p>', seoLink: `health-check-${n}` },
    ],
    featureImage: '/files/feature.jpg',
    featureImageMobile: '/files/feature-m.jpg',
    altFeatureImage: 'Ảnh',
    bannerImages: '/files/banner.jpg',
    isHot: true,
    isActive: true,
    type: 0,
    startTime: '2026-01-05T08:00:00.000Z',
    subjectTags: [{ name: 'Sức khỏe' }, { name: 'Khám định kỳ' }],
    ...extra,
  };
}

export async function createNews(ctx: ServerTestContext, site = 1, flag: 'true' | 'false' = 'false', extra: Record<string, unknown> = {}) {
  const res = await ctx.authed('POST', `/api/News/${site}/${flag}`, newsBody(extra));
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

