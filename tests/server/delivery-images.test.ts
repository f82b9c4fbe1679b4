// The delivery API's `<field>Info` beside every image field (issue 41; server/delivery/image-info.ts), on both
// databases: a website reads a news item (a hand-written area) and an FAQ (a definition's area) whose image fields
// point at a stored photo, another stored image, a PDF and another site's picture, and gets for each the size, the
// alt text in its language (else the website's default), the placeholder and a srcset that never names a width above
// the original's — or null; the URL fields themselves unchanged; the OpenAPI document describing it.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose: tests assert on them */
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { SRCSET_WIDTHS } from '../../shared/images';
import { demoWebsites, describeEachDatabase, tr, type ServerTestContext } from './harness';
import { pdfBytes } from './file-bytes';
import { uploadFile } from './files-helpers';
import { newsBody } from './news-helpers';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const FOREIGN = 'https://elsewhere.example/files/0b7c3f5e-1d2a-4c3b-8e9f-0a1b2c3d4e5f/x.jpg';

/** A real JPEG of `width`×`height` (a gradient-ish picture). */
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer();

/**
 * What the upload step stores for an image (its size, its ThumbHash, and the alt text the file manager saves). Set
 * here on the row so this suite reads the delivery side on its own; the upload suite covers how they are made.
 */
async function describeFile(ctx: ServerTestContext, url: string, values: { width: number; height: number; placeholder: string; alt: Record<string, string> }) {
  const storedName = url.split('/')[2];
  await ctx.db
    .updateTable('files')
    .set({ width: values.width, height: values.height, placeholder: values.placeholder, alt: JSON.stringify(values.alt), imageState: 1 })
    .where('storedName', '=', storedName)
    .execute();
}

/** The widths a srcset names, in order. */
const widthsOf = (srcset: string) => srcset.split(', ').map((entry) => Number(/ (\d+)w$/.exec(entry)![1]));

describeEachDatabase('delivery: image info', (ctx) => {
  let clinic = 0;
  let photo = '';
  let logo = '';
  let pdf = '';
  let news: any;
  let word = '';

  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
    const token = (await ctx.signIn()).access_token;
    photo = (await uploadFile(ctx, token, 'kham-suc-khoe.jpg', await jpeg(1000, 750))).url;
    logo = (await uploadFile(ctx, token, 'logo.jpg', await jpeg(200, 100))).url;
    pdf = (await uploadFile(ctx, token, 'bang-gia.pdf', pdfBytes())).url;
    await describeFile(ctx, photo, { width: 1000, height: 750, placeholder: 'k/cJBYB4eIiIeHiHeHh3iHeAiA==', alt: { 'vi-VN': 'Bác sĩ khám cho bệnh nhân', 'en-US': 'A doctor examining a patient' } });
    // Alt text in Vietnamese only: the English answer falls back to the website's default language.
    await describeFile(ctx, logo, { width: 200, height: 100, placeholder: 'AAgGBYAHeHd3iHd3d3d4eIiI', alt: { 'vi-VN': 'Biểu tượng phòng khám' } });

    word = `img${unique()}`;
    // No alt text of its own (the last test covers that fallback): the file's alt texts alone.
    const body = newsBody({ featureImage: photo, featureImageMobile: logo, altFeatureImage: '', bannerImages: pdf, bannerImagesMobile: FOREIGN });
    for (const t of body.newsTranslations) t.title = `${t.title} ${word}`;
    const res = await ctx.authed('POST', `/api/News/${clinic}/true`, body);
    expect(res.status, res.text).toBe(200);
    news = res.body.data;
    const decided = await ctx.reviewer('PUT', `/api/News/status/${clinic}/${news.id}`, { status: 2 });
    expect(decided.status, decided.text).toBe(200);
  });

  const newsList = async (lang: string) => {
    const res = await ctx.request('GET', `/content/${clinic}/${lang}/news?keyword=${word}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toHaveLength(1);
    return res.body.data[0];
  };

  it('keeps the URL and adds its size, alt text, placeholder and a srcset bounded by the original width', async () => {
    const item = await newsList('vi-VN');
    expect(item.featureImage).toBe(photo);
    expect(item.featureImageInfo).toEqual({
      width: 1000,
      height: 750,
      alt: 'Bác sĩ khám cho bệnh nhân',
      placeholder: 'k/cJBYB4eIiIeHiHeHh3iHeAiA==',
      srcset: expect.any(String),
    });
    const srcset: string = item.featureImageInfo.srcset;
    // Every allowed width below the original's, then the original's own; nothing larger (never enlarged).
    expect(widthsOf(srcset)).toEqual([...SRCSET_WIDTHS.filter((w) => w < 1000), 1000]);
    for (const entry of srcset.split(', ')) expect(entry.startsWith(`${photo}?`)).toBe(true);
    expect(srcset).toContain(`${photo}?w=640&format=auto 640w`);

    // A small image: its srcset has its own width only (no enlarged 320, 480…).
    expect(item.featureImageMobile).toBe(logo);
    expect(item.featureImageMobileInfo).toMatchObject({ width: 200, height: 100, alt: 'Biểu tượng phòng khám' });
    expect(widthsOf(item.featureImageMobileInfo.srcset)).toEqual([200]);
  });

  it('answers the alt text in the asked language, else the website default language', async () => {
    const item = await newsList('en-US');
    expect(item.featureImageInfo.alt).toBe('A doctor examining a patient');
    expect(item.featureImageMobileInfo.alt).toBe('Biểu tượng phòng khám');
  });

  it('is null for a URL that is not one of our stored images: another site, a PDF, an empty field', async () => {
    const link = news.newsTranslations.find((t: any) => t.languageId === 'vi-VN').seoLink;
    const res = await ctx.request('GET', `/content/${clinic}/vi-VN/news/${link}`);
    expect(res.status, res.text).toBe(200);
    const detail = res.body.data;
    expect(detail.featureImageInfo.width).toBe(1000);
    expect(detail.bannerImages).toBe(pdf);
    expect(detail.bannerImagesInfo).toBeNull();
    expect(detail.bannerImagesMobile).toBe(FOREIGN);
    expect(detail.bannerImagesMobileInfo).toBeNull();
  });

  it('adds it to the areas of definitions too (an FAQ photo), and follows a new alt text at once', async () => {
    const group = await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr(`Ảnh ${word}`, `Photos ${word}`), seoLink: `anh-${word}`, order: 0, isActive: true });
    expect(group.status, group.text).toBe(200);
    const faq = await ctx.authed('POST', `/api/FAQs/${clinic}`, { question: tr('Phòng khám ở đâu?', 'Where is the clinic?'), answer: tr('<p>Quận 1</p>'), faqGroupId: group.body.data.id, photo, order: 0, isActive: true });
    expect(faq.status, faq.text).toBe(200);
    const read = async () => (await ctx.request('GET', `/content/${clinic}/en-US/faqs?faqGroupId=${group.body.data.id}`)).body.data[0];
    const first = await read();
    expect(first.photo).toBe(photo);
    expect(first.photoInfo).toMatchObject({ width: 1000, height: 750, alt: 'A doctor examining a patient' });

    // Staff change the alt text: the next answer has it (the files table moves the answers' version like any write).
    await describeFile(ctx, photo, { width: 1000, height: 750, placeholder: 'k/cJBYB4eIiIeHiHeHh3iHeAiA==', alt: { 'vi-VN': 'Bác sĩ', 'en-US': 'The doctor' } });
    expect((await read()).photoInfo.alt).toBe('The doctor');
  });

  it("carries a news item's own alt text in the list when its picture has none (issue 42: the example site's alt=\"\")", async () => {
    const token = (await ctx.signIn()).access_token;
    const bare = (await uploadFile(ctx, token, 'khong-mo-ta.jpg', await jpeg(800, 600))).url;
    await describeFile(ctx, bare, { width: 800, height: 600, placeholder: 'k/cJBYB4eIiIeHiHeHh3iHeAiA==', alt: {} });
    const mark = `alt${unique()}`;
    const body = newsBody({ featureImage: bare, featureImageMobile: bare, altFeatureImage: 'Bác sĩ tư vấn cho gia đình' });
    for (const t of body.newsTranslations) t.title = `${t.title} ${mark}`;
    const created = await ctx.authed('POST', `/api/News/${clinic}/true`, body);
    expect(created.status, created.text).toBe(200);
    expect((await ctx.reviewer('PUT', `/api/News/status/${clinic}/${created.body.data.id}`, { status: 2 })).status).toBe(200);

    const res = await ctx.request('GET', `/content/${clinic}/en-US/news?keyword=${mark}`);
    expect(res.status, res.text).toBe(200);
    const [item] = res.body.data;
    expect(item.altFeatureImage).toBe('Bác sĩ tư vấn cho gia đình');
    expect(item.featureImageInfo.alt).toBe('Bác sĩ tư vấn cho gia đình');
    expect(item.featureImageMobileInfo.alt).toBe('Bác sĩ tư vấn cho gia đình');
    // The file's own text in the asked language still comes first (the photo above has one in English, changed above).
    expect((await newsList('en-US')).featureImageInfo.alt).toBe('The doctor');
  });

  it('is described in /content/openapi.json beside every image field', async () => {
    const doc = (await ctx.request('GET', '/content/openapi.json')).body;
    const schemas = doc.components.schemas;
    expect(schemas.news.properties.featureImage['x-image']).toBe(true);
    for (const field of ['featureImage', 'featureImageMobile']) {
      expect(schemas.news.properties[`${field}Info`].properties).toHaveProperty('srcset');
      expect(schemas.news.required).toContain(`${field}Info`);
    }
    expect(schemas['news.detail'].properties.bannerImagesInfo.type).toEqual(['object', 'null']);
    expect(schemas.faqs.properties.photoInfo.required).toEqual(['width', 'height', 'alt', 'placeholder', 'srcset']);
    expect(schemas.services.properties.titles.items.properties.imageInfo).toBeDefined();
    expect(schemas.site.properties.logoInfo).toBeDefined();
    expect(doc.info.description).toContain('<field>Info');
  });
});
