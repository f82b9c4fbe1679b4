// Seeds the demo content of ./content.ts through the server's own routes (app.inject, as the admin), so every
// record is exactly what the console would have written: translations, stamps, search text, tags, links, and
// images stored by the chunked upload like any other file. Runs once, on the database the demo accounts were
// just created in (SEED_DEMO=1); the same data gives the same records, ids included (only stamps, tokens and
// the generated names files are stored under differ).
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { DEMO_FOLDERS, DEMO_HIS, DEMO_IMAGES, DEMO_MEDIA, DEMO_SITES, DEMO_TEAM, DEMO_UNTRANSLATED_FAQS, DEMO_WEBSITES, type DemoMenuItem, type SiteKey, type Text } from './content';
import { drawPng } from './png';
import { drawPhoto } from './photo';
import { UPLOAD_CHUNK_BYTES } from '../../shared/uploads';
import { resources } from '../../shared/resources';

/** A one-page PDF reading `text` (ASCII): what a demo applicant's CV holds. */
function demoPdf(text: string): Buffer {
  const line = text.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

type Json = Record<string, unknown>;

/** One call as the admin; anything but 200 stops the seed with the server's message. */
function caller(app: FastifyInstance, token: string) {
  // `T`: the answer's shape as the route answers it (an envelope by default, a plain array for `get-all` lookups).
  return async <T = { data?: unknown } & Json>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json | Buffer, headers: Record<string, string> = {}): Promise<T> => {
    const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'accept-language': 'vi-VN', ...headers } });
    if (res.statusCode !== 200) throw new Error(`demo seed: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return JSON.parse(res.body) as T;
  };
}

const json = (text: Text) => JSON.stringify(text);
const LANGS = ['vi-VN', 'en-US'] as const;

/** A one-part multipart body for POST chunk/upload (the whole picture is one chunk), or an intake post with its file. */
function multipart(fields: Record<string, string>, file: Buffer, part = { name: 'file', filename: 'blob', type: 'application/octet-stream' }): { body: Buffer; type: string } {
  const boundary = 'sitedesk-demo-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

export async function seedDemoContent(app: FastifyInstance): Promise<void> {
  const admin = await app.db.selectFrom('users').select(['id', 'userName']).where('normalizedUserName', '=', 'admin').executeTakeFirstOrThrow();
  const session = await app.tokens.startSession(admin, 'sitedesk', 'openid');
  const call = caller(app, session.access_token);
  // Decisions come from a second pair of eyes (nobody decides on their own submission): the reviewing staff member.
  const reviewer = await app.db.selectFrom('users').select(['id', 'userName']).where('normalizedUserName', '=', 'minh.tran').executeTakeFirstOrThrow();
  const reviewSession = await app.tokens.startSession(reviewer, 'sitedesk', 'openid');
  const decide = caller(app, reviewSession.access_token);
  const now = app.now().getTime();

  // Files: the folders, then each picture uploaded into its folder; their URLs go into the records below.
  const folderIds = new Map<string, number>();
  for (const name of DEMO_FOLDERS) {
    const created = (await call('POST', '/api/Folders', { name })).data as { id: number };
    folderIds.set(name, created.id);
  }
  const imageUrl = new Map<string, string>();
  for (const [i, image] of DEMO_IMAGES.entries()) {
    const disc = [0.3 + (i % 5) * 0.1, 0.35 + (i % 3) * 0.1] as const;
    // The news' pictures as a camera gives them (what the sized images and srcset are for), the rest small drawings.
    const bytes = image.file.endsWith('.jpg') ? await drawPhoto({ from: image.from, to: image.to, disc, seed: i + 1 }) : drawPng({ width: 480, height: 300, from: image.from, to: image.to, disc });
    // A photo is more than one chunk: sent in chunks, as the console sends it.
    const totalChunks = Math.ceil(bytes.length / UPLOAD_CHUNK_BYTES);
    let done: { file?: { url: string } } = {};
    for (let c = 0; c < totalChunks; c++) {
      const { body, type } = multipart(
        { folderId: String(folderIds.get(image.folder)), fileId: `demo-${image.key}`, chunkIndex: String(c), totalChunks: String(totalChunks), originalFileName: image.file, totalSize: String(bytes.length) },
        bytes.subarray(c * UPLOAD_CHUNK_BYTES, (c + 1) * UPLOAD_CHUNK_BYTES),
      );
      done = (await call('POST', '/api/chunk/upload', body, { 'content-type': type })).data as typeof done;
    }
    imageUrl.set(image.key, done.file!.url);
  }
  // Video and music (files kept beside this module), uploaded the same way.
  for (const media of DEMO_MEDIA) {
    const bytes = readFileSync(new URL(`./media/${media.file}`, import.meta.url));
    const { body, type } = multipart(
      { folderId: String(folderIds.get(media.folder)), fileId: `demo-${media.key}`, chunkIndex: '0', totalChunks: '1', originalFileName: media.file, totalSize: String(bytes.length) },
      bytes,
    );
    const done = (await call('POST', '/api/chunk/upload', body, { 'content-type': type })).data as { file: { url: string } };
    imageUrl.set(media.key, done.file.url);
  }
  const img = (key: string) => imageUrl.get(key) ?? '';

  // The hospital system's lists, shared by every website.
  for (const [order, d] of DEMO_HIS.departments.entries()) await call('POST', '/api/Departments', { ...d, order, isActive: true });
  for (const [order, d] of DEMO_HIS.services.entries()) await call('POST', '/api/ServiceCatalogue', { ...d, order, isActive: true });

  const websites = await app.db.selectFrom('websites').select(['id', 'name']).orderBy('id').execute();
  for (const key of Object.keys(DEMO_SITES) as SiteKey[]) {
    const site = websites.find((w) => JSON.parse(w.name)['vi-VN'] === DEMO_WEBSITES[key]['vi-VN']);
    if (!site) continue;
    await seedWebsite(app, call, decide, site.id, key, img, now);
  }

  const clinic = websites.find((w) => JSON.parse(w.name)['vi-VN'] === DEMO_WEBSITES.clinic['vi-VN']);
  if (clinic) await seedTeam(app, call, clinic.id, img('checkup'), now);

  for (const key of Object.keys(DEMO_SITES) as SiteKey[]) {
    const site = websites.find((w) => JSON.parse(w.name)['vi-VN'] === DEMO_WEBSITES[key]['vi-VN']);
    if (site) await seedUntranslated(call, site.id, DEMO_UNTRANSLATED_FAQS[key]);
  }

  await app.tokens.revoke(session.refresh_token, 'sitedesk');
  await app.tokens.revoke(reviewSession.refresh_token, 'sitedesk');
}

/**
 * Issue 42: FAQs written while the website had no English (English turned off, then on again): what /translations
 * lists and "translate next" fills. Last of the seed, so the ids of everything before stay as they were.
 */
async function seedUntranslated(call: ReturnType<typeof caller>, website: number, faqs: { question: string; answer: string }[]) {
  const languages = (await call<{ languageId: string }[]>('GET', `/api/Websites/${website}/languages`)).find((l) => l.languageId === 'en-US');
  if (!languages) return;
  const english = (isActive: boolean) => call('PUT', `/api/Websites/${website}/languages/en-US`, { ...languages, isActive });
  const group = (await call<{ id: number }[]>('GET', `/api/FAQGroups/get-all/${website}`))[0];
  if (!group) return;
  await english(false);
  for (const [order, f] of faqs.entries()) {
    await call('POST', `/api/FAQs/${website}`, { faqGroupId: group.id, question: JSON.stringify({ 'vi-VN': f.question }), answer: JSON.stringify({ 'vi-VN': f.answer }), order: 100 + order, isActive: true });
  }
  await english(true);
}

async function seedWebsite(app: FastifyInstance, call: ReturnType<typeof caller>, decide: ReturnType<typeof caller>, website: number, key: SiteKey, img: (key: string) => string, now: number) {
  const site = DEMO_SITES[key];
  const visitor = async (url: string, payload: Json, remoteAddress: string) => {
    const res = await app.inject({ method: 'POST', url, payload, remoteAddress, headers: { 'accept-language': 'vi-VN' } });
    if (res.statusCode !== 201) throw new Error(`demo seed: POST ${url} answered ${res.statusCode}: ${res.body}`);
  };
  const s = site.settings;

  await call('POST', `/api/Settings/settings/${website}`, {
    brand: json(s.brand),
    metaTitle: json(s.metaTitle),
    metaDescription: json(s.metaDescription),
    metaKeyword: json({ 'vi-VN': s.brand['vi-VN'], 'en-US': s.brand['en-US'] }),
    logo: img(s.logo),
    logoMobile: img(s.logo),
    logoFooter: img(s.logo),
    favicon: img(s.logo),
    hotline: s.hotline,
    zaloId: s.zaloId,
    fanpage: s.fanpage,
  });

  // Categories in order, so a parent exists before its children.
  const categoryIds = new Map<string, number>();
  for (const [order, c] of site.categories.entries()) {
    const created = (await call('POST', `/api/Categorys/${website}`, {
      name: json(c.name),
      description: json(c.name),
      metaTitle: json(c.name),
      seoLink: c.seoLink,
      parentId: c.parent ? categoryIds.get(c.parent) : null,
      bannerImages: img(s.banner),
      isHomePage: Boolean(c.isHomePage),
      isHot: Boolean(c.isHot),
      order,
      isActive: true,
    })).data as { id: number };
    categoryIds.set(c.key, created.id);
  }

  const sickIds = new Map<string, number>();
  for (const d of site.sicks) {
    const created = (await call('POST', `/api/Sicks/${website}`, {
      image: img('sick'),
      url: '',
      seoLink: d.seoLink['vi-VN'],
      isActive: true,
      isPrioritize: Boolean(d.isPrioritize),
      sickTranslations: LANGS.map((languageId) => ({
        languageId,
        alphabet: d.alphabet[languageId],
        name: d.name[languageId],
        description: d.description[languageId],
        seoLink: d.seoLink[languageId],
        content: `<p>${d.description[languageId]}</p>`,
      })),
    })).data as { id: number };
    sickIds.set(d.key, created.id);
  }

  const newsIds = new Map<string, number>();
  for (const n of site.news) {
    const start = new Date(now - n.daysAgo * 86_400_000);
    start.setUTCHours(1, 0, 0, 0);
    const body = {
      newsTranslations: LANGS.map((languageId) => ({
        languageId,
        title: n.title[languageId],
        description: n.description[languageId],
        content: `<h2>${n.title[languageId]}</h2><p>${n.description[languageId]}</p><p><img src="${img(n.image)}" alt="${n.title[languageId]}"></p>`,
        seoLink: n.seoLink[languageId],
        metaTitle: n.title[languageId],
        metaDescription: n.description[languageId],
        metaKeyword: n.tags.join(', '),
        note: '',
      })),
      featureImage: img(n.image),
      featureImageMobile: img(n.image),
      altFeatureImage: n.title['vi-VN'],
      bannerImages: img(s.banner),
      bannerImagesMobile: img(s.banner),
      isHot: Boolean(n.isHot),
      isHomePage: Boolean(n.isHomePage),
      isMobile: true,
      isActive: true,
      type: n.type ?? 0,
      startTime: start.toISOString(),
      categorys: n.categories.map((c) => categoryIds.get(c)),
      sickNews: (n.sicks ?? []).map((sick, i) => ({ sickId: sickIds.get(sick), isDefault: i === 0 })),
      subjectTags: n.tags.map((name) => ({ name })),
    };
    // Draft (0) as draft; everything else asks for review (1), then the decision.
    const created = (await call('POST', `/api/News/${website}/${n.status === 0 ? 'false' : 'true'}`, body)).data as { id: number };
    newsIds.set(n.seoLink['vi-VN'], created.id);
    if (n.status === 2) await decide('PUT', `/api/News/status/${website}/${created.id}`, { status: 2 });
    if (n.status === 3) await decide('PUT', `/api/News/status/${website}/${created.id}`, { status: 3, declineReason: n.declineReason });
  }

  for (const [order, menu] of site.menus.entries()) {
    const created = (await call('POST', `/api/Menus/${website}`, { name: json(menu.name), description: json(menu.name), position: menu.position, order, isActive: true })).data as { id: number };
    const addItems = async (items: DemoMenuItem[], parentId: number | null) => {
      for (const [i, item] of items.entries()) {
        const category = item.category ? categoryIds.get(item.category) : undefined;
        const news = item.news ? newsIds.get(item.news) : undefined;
        const added = (await call('POST', `/api/Menus/item/${website}/${created.id}`, {
          name: json(item.name),
          parentId,
          objectType: category ? 1 : news ? 2 : 0,
          ...(category ? { objectId: category } : news ? { objectId: news } : { url: item.url }),
          order: i,
          isActive: true,
        })).data as { id: number };
        if (item.children) await addItems(item.children, added.id);
      }
    };
    await addItems(menu.items, null);
  }

  for (const sn of site.socialNetworks) {
    await call('POST', `/api/SocialNetworks/${website}`, { name: json(sn.name), description: json(sn.name), url: sn.url, image: img(s.logo), icon: img(s.logo), order: sn.order, isActive: true });
  }
  for (const b of site.branches) {
    const branch = (await call('POST', `/api/BranchContacts/${website}`, {
      name: json(b.name),
      address: json(b.address),
      workTime: json({ 'vi-VN': b.workTime, 'en-US': b.workTime }),
      description: json(b.name),
      logo: img(s.logo),
      website: b.website,
      order: b.order,
      isActive: true,
      isDefault: Boolean(b.isDefault),
      isOffice: Boolean(b.isOffice),
    })).data as { id: number };
    for (const c of b.contacts) await call('POST', `/api/BranchContacts/detail/${website}/${branch.id}`, { contactType: c.type, contactValue: c.value });
    await call('POST', `/api/BranchContacts/image/${website}/${branch.id}`, { images: img(s.banner), alt: b.name['vi-VN'], order: 1 });
  }
  for (const h of site.hardContents) {
    const block = (await call('POST', `/api/HardContents/${website}`, { name: json(h.name), code: h.code, description: json({ 'vi-VN': h.description, 'en-US': h.description }), order: h.order, isActive: true })).data as { id: number };
    for (const [order, item] of h.items.entries()) {
      await call('POST', `/api/HardContents/detail/${website}/${block.id}`, { name: json(item.name), description: json(item.description), image: img(s.logo), alt: json(item.name), order, isActive: true });
    }
  }
  for (const [order, g] of site.faqGroups.entries()) {
    await call('POST', `/api/FAQGroups/${website}`, { name: json(g.name), description: json(g.description), code: g.code, seoLink: g.seoLink, metaTitle: json(g.name), isCustomer: g.isCustomer, order, isActive: true });
  }
  const faqGroupIds = (await call<{ id: number }[]>('GET', `/api/FAQGroups/get-all/${website}`)).map((g) => g.id);
  for (const [order, f] of site.faqs.entries()) {
    await call('POST', `/api/FAQs/${website}`, { faqGroupId: faqGroupIds[f.group], question: json(f.question), answer: json(f.answer), order, isActive: true });
  }
  for (const [order, b] of site.banners.entries()) {
    const created = (await call('POST', `/api/Banners?websiteId=${website}`, { name: json(b.name), description: json(b.name), type: b.type, position: b.position, order, isActive: true })).data as { id: number };
    for (const [i, item] of b.items.entries()) {
      await call('POST', `/api/Banners/item/${website}/${created.id}`, { name: json(item.name), alt: json(item.name), images: img(item.image), imagesMobile: img(item.image), order: i, isActive: !item.hidden });
    }
  }
  const partnerIds: number[] = [];
  for (const [order, p] of site.partners.entries()) {
    const created = (await call('POST', `/api/Partners/${website}`, { name: json(p.name), description: json(p.description), url: p.url, thumbnail: img(key === 'clinic' ? 'logoClinic' : 'logoSpa'), alt: p.name['vi-VN'], parentId: p.parent === undefined ? null : partnerIds[p.parent], order, isActive: true })).data as { id: number };
    partnerIds.push(created.id);
  }
  for (const [order, c] of site.customerFeedbacks.entries()) {
    await call('POST', `/api/CustomerFeedbacks/${website}`, { name: json(c.name), position: json(c.position), content: json(c.content), alt: json(c.name), seoLink: c.seoLink, rate: c.rate, order, isActive: true });
  }
  // Feedback comes from visitors: through the public intake, each from its own address (the intake counts posts per
  // address); staff opened the ones marked read.
  for (const [i, f] of site.feedbacks.entries()) {
    const { read, ...sent } = f;
    await visitor(`/public/${website}/feedback`, sent, `192.0.2.${website * 10 + i}`);
    if (read) {
      const list = (await call('GET', `/api/Feedbacks/${website}?page=1&pageSize=1&isView=false&title=${encodeURIComponent(f.title)}`)).data as { id: number }[];
      await call('PUT', `/api/Feedbacks/read/${website}/${list[0].id}`);
    }
  }
  // Jobs (in the site's first career, level and job-type), applications and bookings from visitors.
  const rowsOf = (answer: unknown) => (Array.isArray(answer) ? answer : ((answer as { data?: unknown[] }).data ?? [])) as { id: number }[];
  const firstOf = async (type: number) => rowsOf(await call('GET', `/api/ListCategorys/get-all/${website}/${type}`))[0]?.id ?? null;
  const [industryId, levelId, formId] = [await firstOf(1), await firstOf(2), await firstOf(3)];
  const jobIds: number[] = [];
  for (const [order, j] of site.jobs.entries()) {
    const created = (await call('POST', `/api/Jobs/${website}`, { name: json(j.name), description: json({ 'vi-VN': `<p>${j.name['vi-VN']}</p>`, 'en-US': `<p>${j.name['en-US']}</p>` }), seoLink: j.seoLink, salaryRange: j.salaryRange, quantity: j.quantity, location: j.location, industryId, levelId, formId, order, isActive: true })).data as { id: number };
    jobIds.push(created.id);
  }
  // An application with its CV goes as the careers page sends it: multipart, the CV a file part (issue 40), where the
  // application definition has its `cv` field.
  const takesCv = (resources.recruitment.fields as readonly { name: string }[]).some((f) => f.name === 'cv');
  for (const [i, a] of site.applications.entries()) {
    const { read, jobs, cv, ...sent } = a;
    const address = `192.0.2.${100 + website * 10 + i}`;
    if (cv && takesCv) {
      const { body, type } = multipart({ ...sent, jobIds: JSON.stringify(jobs.map((n) => jobIds[n])) }, demoPdf(`${a.fullName}: CV`), { name: 'cv', filename: cv, type: 'application/pdf' });
      const res = await app.inject({ method: 'POST', url: `/public/${website}/applications`, payload: body, remoteAddress: address, headers: { 'content-type': type, 'accept-language': 'vi-VN' } });
      if (res.statusCode !== 201) throw new Error(`demo seed: POST /public/${website}/applications (multipart) answered ${res.statusCode}: ${res.body}`);
    } else {
      await visitor(`/public/${website}/applications`, { ...sent, jobIds: jobs.map((n) => jobIds[n]) }, address);
    }
    if (read) {
      const list = (await call('GET', `/api/Recruitments/${website}?page=1&pageSize=1&keyword=${encodeURIComponent(a.fullName)}`)).data as { id: number }[];
      await call('PUT', `/api/Recruitments/read/${website}/${list[0].id}`);
    }
  }
  const branch = rowsOf(await call('GET', `/api/BranchContacts/get-all/${website}`))[0]?.id;
  for (const [i, b] of site.bookings.entries()) {
    const appointmentDate = new Date(now + b.inDays * 86_400_000).toISOString().slice(0, 10);
    await visitor(`/public/${website}/bookings`, { customerName: b.customerName, customerPhone: b.customerPhone, customerEmail: b.customerEmail, appointmentDate, startTime: b.startTime, branchId: branch, servicePackageName: json(b.service) }, `192.0.2.${160 + website * 10 + i}`);
    const list = (await call('GET', `/api/Bookings/${website}?page=1&pageSize=1&keyword=${encodeURIComponent(b.customerName)}`)).data as { id: number }[];
    for (const move of b.moves ?? []) await call('PUT', `/api/Bookings/status/${website}/${list[0].id}`, { status: move.status, reason: move.reason });
  }

  // Media: albums with their photos or videos, video and music advertisements, waiting screens and what they play.
  for (const [order, a] of site.albums.entries()) {
    const type = a.videos ? 1 : 0;
    const created = (await call('POST', `/api/Albums/${website}`, { name: json(a.name), description: json(a.name), metaTitle: json(a.name), seoLink: a.seoLink, thumbnail: img(a.thumbnail), type, order, isActive: true, isHomePage: Boolean(a.isHomePage), isHot: false })).data as { id: number };
    for (const [i, p] of (a.photos ?? []).entries()) {
      await call('POST', `/api/Albums/photo/${website}/${created.id}`, { title: json(p.title), alt: json(p.title), description: json(p.title), url: img(p.image), order: i + 1, isActive: true });
    }
    for (const [i, v] of (a.videos ?? []).entries()) {
      const source = v.youtube ? { type: 1, videoLinkId: v.youtube, url: `https://www.youtube.com/watch?v=${v.youtube}` } : { type: 0, url: img(v.media!) };
      await call('POST', `/api/Albums/video/${website}/${created.id}`, { title: json(v.title), description: json(v.title), ...source, thumbnail: img(a.thumbnail), order: i + 1, isActive: true, isHomePage: i === 0, isDefault: i === 0 });
    }
  }
  for (const ad of site.advertisements) await call('POST', `/api/Advertisements/${website}`, { url: img(ad.media), type: ad.type });
  for (const screen of site.waitingScreens) {
    await call('POST', `/api/Advertisements/title/${website}`, { title: json(screen.title), floor: screen.floor, area: screen.area, background: img(screen.background) });
    for (const [i, f] of screen.files.entries()) {
      const file = 'image' in f ? { type: 0, url: img(f.image) } : { type: 1, url: img(f.media) };
      await call('POST', `/api/Advertisements/file/${website}`, { ...file, floor: screen.floor, area: screen.area, order: i + 1 });
    }
  }
  const groupIds: number[] = [];
  for (const type of [0, 1, 2, 3] as const) {
    for (const [order, c] of site.listCategories[type].entries()) {
      const created = (await call('POST', `/api/listCategorys/${website}/${type}`, { name: json(c.name), title: json(c.name), seoLink: c.seoLink, order, isActive: true })).data as { id: number };
      if (type === 0) groupIds.push(created.id);
    }
  }

  // Services and specializations, with their FAQs and titles; some left waiting for review.
  const his = {
    0: await call<{ departmentId: number }[]>('GET', '/his/Category/get-all-department'),
    1: await call<{ serviceId: number }[]>('GET', '/his/Category/get-all-service'),
  };
  for (const [order, sv] of site.services.entries()) {
    const reference = sv.reference === undefined ? null : sv.type === 0 ? his[0][sv.reference].departmentId : his[1][sv.reference].serviceId;
    const created = (await call('POST', `/api/Services/${website}?type=${sv.type}`, {
      title: json(sv.title),
      description: json(sv.description),
      content: json({ 'vi-VN': `<p>${sv.description['vi-VN']}</p>`, 'en-US': `<p>${sv.description['en-US']}</p>` }),
      seoLink: sv.seoLink,
      image: img(sv.image),
      thumbnail: img(sv.image),
      alt: sv.title['vi-VN'],
      unitPrice: sv.unitPrice ?? null,
      serviceGroupId: sv.group === undefined ? null : groupIds[sv.group],
      referenceId: reference,
      tags: [{ name: sv.title['vi-VN'].toLowerCase() }],
      order,
      isActive: true,
      // Every service asks for review; the reviewer approves those not left waiting (`review`) once their FAQs and
      // titles are in, which publishes them (the delivery API's services).
      isApproveFlag: true,
    })).data as { id: number };
    for (const [i, f] of (sv.faqs ?? []).entries()) {
      await call('POST', `/api/Services/faq/${website}/${created.id}`, { question: json(f.question), answer: json(f.answer), image: img(sv.image), order: i, isActive: true });
    }
    for (const [i, ti] of (sv.titles ?? []).entries()) {
      const title = (await call('POST', `/api/Services/title/${website}/${created.id}`, { title: json(ti.title), image: img(sv.image), unitPrice: ti.unitPrice ?? null, order: i, isActive: true })).data as { id: number };
      for (const [k, name] of ti.items.entries()) {
        await call('POST', `/api/Services/item/${website}/${created.id}/${title.id}`, { name: json(name), image: img(sv.image), order: k, isActive: true });
      }
    }
    if (!sv.review) await decide('PUT', `/api/Services/status/${website}/${created.id}`, { status: 2 });
  }
}

/**
 * The referral team: collaborators register and refer through the public intake (from the clinic's site), the
 * administrator decides, the clinic's integration records the completed visits, and some are paid.
 */
async function seedTeam(app: FastifyInstance, call: ReturnType<typeof caller>, website: number, proofUrl: string, now: number) {
  const post = async (url: string, payload: Json, remoteAddress: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'POST', url, payload, remoteAddress, headers: { 'accept-language': 'vi-VN', ...headers } });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`demo seed: POST ${url} answered ${res.statusCode}: ${res.body}`);
    return JSON.parse(res.body) as { data?: Json };
  };
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const today = new Date(now);
  const lastMonth = (d: number) => day(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, d));
  const key = ((await call('POST', '/api/IntegrationKeys', { name: 'Hệ thống phòng khám (demo)' })).data as { key: string }).key;
  for (const [i, c] of DEMO_TEAM.entries()) {
    const address = `198.51.100.${i + 1}`;
    const { referralCode } = (await post(`/public/${website}/collaborators`, { fullName: c.fullName, phoneNumber: c.phoneNumber, birthday: c.birthday, bankName: c.bankName, bankingNumber: c.bankingNumber, bankAccountName: c.fullName.toUpperCase(), objectName: c.objectName }, address)).data as { referralCode: string };
    const member = await app.db.selectFrom('collaborators').select('id').where('referralCode', '=', referralCode).executeTakeFirstOrThrow();
    if (c.state === 'rejected') await call('PUT', `/api/DoiNhom/status/${member.id}`, { status: 3, declineReason: c.declineReason });
    if (c.state === 'pending' || c.state === 'rejected') continue;
    await call('PUT', `/api/DoiNhom/status/${member.id}`, { status: 2 });
    const payDay = new Map<string, number[]>();
    const payMonth: number[] = [];
    for (const r of c.referrals ?? []) {
      await post(`/public/${website}/referrals`, { referralCode, fullName: r.fullName, phoneNumber: r.phoneNumber, description: 'Giới thiệu qua ứng dụng', ...(r.status === 4 ? { appointmentDate: day(now + 3 * 86_400_000) } : {}) }, address);
      const referral = await app.db.selectFrom('referrals').select(['id', 'concurrencyStamp']).where('collaboratorId', '=', member.id).where('fullName', '=', r.fullName).executeTakeFirstOrThrow();
      if (r.status === 2 || r.status === 3) {
        await call('PUT', `/api/DoiNhom/ttbn-update/${referral.id}`, { fullName: r.fullName, phoneNumber: r.phoneNumber, status: r.status, concurrencyStamp: referral.concurrencyStamp });
      }
      if (!r.visit) continue;
      const visitDate = r.visit.dayOfLastMonth ? lastMonth(r.visit.dayOfLastMonth) : day(now - (r.visit.daysAgo ?? 0) * 86_400_000);
      await post('/integration/visits', { referralId: referral.id, visitDate, amount: r.visit.amount }, '127.0.0.1', { 'x-api-key': key });
      if (r.paid === 'day') payDay.set(visitDate, [...(payDay.get(visitDate) ?? []), referral.id]);
      if (r.paid === 'month') payMonth.push(referral.id);
    }
    for (const [visitDate, ids] of payDay) await call('POST', `/api/DoiNhom/payment-commission/${member.id}`, { paymentType: 0, paymentTime: `${visitDate}T00:00:00`, url: proofUrl, ids });
    if (payMonth.length) {
      const previous = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
      await call('POST', `/api/DoiNhom/payment-commission/${member.id}`, { paymentType: 1, month: previous.getUTCMonth() + 1, year: previous.getUTCFullYear(), url: proofUrl, ids: payMonth });
    }
    if (c.state === 'locked') await call('PUT', `/api/DoiNhom/isActive/${member.id}/false`);
  }
}
