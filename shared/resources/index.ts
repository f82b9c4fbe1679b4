/**
 * Every resource definition, by name: THE list. The server's engine serves each (with the hooks of the module that
 * declares them in its manifest, server/<module>/manifest.ts); the console builds its lists and forms from them, and
 * its routes, screens and side navigation from their `routes` and `screen` (renderer/src/app/screens.ts, nav.tsx).
 * Adding a resource: its definition file and one line here (plus its module's manifest when it has hooks); a test
 * (resources.test.ts) fails when a definition of this folder is not listed.
 */
import type { ResourceDef } from './define';
import { website, websiteLanguage, websiteUser } from './website';
import { settings } from './settings';
import { socialNetwork } from './social-network';
import { branchContact, branchContactImage, branchContactItem } from './branch-contact';
import { hardContent, hardContentDetail } from './hard-content';
import { newsCategory } from './news-category';
import { menu, menuItem } from './menu';
import { faqGroup } from './faq-group';
import { career, jobType, level, serviceGroup } from './list-category';
import { department, serviceCatalogue } from './his';
import { service, serviceFaq, serviceTitle, serviceTitleImage, serviceTitleItem } from './service';
import { banner, bannerItem } from './banner';
import { faq } from './faq';
import { partner } from './partner';
import { customerFeedback, feedback } from './feedback';
import { album, albumPhoto, albumVideo } from './album';
import { advertisement, advertisementFile, advertisementTitle } from './advertisement';
import { booking, job, recruitment } from './people';
import { collaborator, referral } from './team';
import { newsDef } from './news';
import { qaDef } from './qa';
import { sick } from './sick';
import { webhook, webhookDelivery } from './webhook';
import { websitePreview } from './website-preview';
import { user } from './user';
import { role } from './role';

export const resources = {
  website,
  websiteLanguage,
  websiteUser,
  settings,
  socialNetwork,
  branchContact,
  branchContactItem,
  branchContactImage,
  hardContent,
  hardContentDetail,
  newsCategory,
  menu,
  menuItem,
  faqGroup,
  serviceGroup,
  career,
  level,
  jobType,
  department,
  serviceCatalogue,
  service,
  serviceFaq,
  serviceTitle,
  serviceTitleItem,
  serviceTitleImage,
  banner,
  bannerItem,
  faq,
  partner,
  feedback,
  customerFeedback,
  album,
  albumPhoto,
  albumVideo,
  advertisement,
  advertisementTitle,
  advertisementFile,
  job,
  recruitment,
  booking,
  collaborator,
  referral,
  sick,
  qaExpert: qaDef,
  news: newsDef,
  webhook,
  webhookDelivery,
  websitePreview,
  user,
  role,
} satisfies Record<string, ResourceDef>;

export type ResourceName = keyof typeof resources;

export function getResource(name: string): ResourceDef {
  const def = (resources as Record<string, ResourceDef>)[name];
  if (!def) throw new Error(`Unknown resource: ${name}`);
  return def;
}

export * from './define';
export * from './translations';
export * from './validate';
export * from './paths';
