/**
 * Every resource definition, by name. The server registers generic routes for each; the console
 * builds its lists and forms from them. Adding a simple resource: one definition file, one line here,
 * and its route entry in the console.
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
