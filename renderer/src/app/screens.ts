import type { ComponentType } from 'react';
import { resourceScreens } from '../resources/screens';
import { ADMINS, check, ruleOf, type AccessRule, type Actor } from '../../../shared/resources/access';
// Light: the website's definition is its fields and paths (the access rules of its screens come from it).
import { website } from '../../../shared/resources/website';

/**
 * Route registry: every screen behind sign-in, inside the layout. One entry per route of the spec's
 * route tables; `load` is a dynamic import so each screen is its own chunk (the sign-in route
 * must not pay for tables, the editor or charts).
 *
 * Adding an area = adding its entries here. A path that is also an area of the side navigation
 * (see ./nav.tsx) makes that area appear in the menu: e.g. `{ path: '/file', load: () => import('../pages/files/FileManagerPage') }`.
 * Editors of an area are further entries: `/news/add`, `/news/:id`.
 */
export interface ScreenRoute {
  /** react-router path (`/news/:id`). Matched case-sensitively as the spec writes it. */
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Who may open it (shared/resources/access.ts; default: every signed-in member). A resource's screens take it from
   * the definition's access: the website screens from who may change a website.
   */
  access?: AccessRule;
}

// Screens of one module share its loader (one dynamic import, one list of what it preloads, in the first chunk).
const servicePages = () => import('../pages/service/ServicePages');
const peoplePages = () => import('../pages/people/PeoplePages');
const feedbackPages = () => import('../pages/site-content/FeedbackPages');
const sickEdit = () => import('../pages/sick/SickEditPage');
const newsEdit = () => import('../pages/news/NewsEditPage');
const fileManager = () => import('../pages/files/FileManagerPage');

export const screens: ScreenRoute[] = [
  { path: '/', load: () => import('../pages/dashboard/DashboardPage') },
  { path: '/profile', load: () => import('../pages/profile/ProfilePage') },
  { path: '/settings', load: () => import('../pages/settings/SettingsPage') },
  // Website information: screens from the resource definitions; website screens hand-tuned.
  ...resourceScreens('website', { list: () => import('../pages/website/WebsiteListPage'), edit: () => import('../pages/website/WebsiteEditPage') }).map((s) => ({
    ...s,
    access: ruleOf(website.access, 'update'),
  })),
  { path: '/info-website', load: () => import('../pages/info-website/InfoWebsitePage') },
  ...resourceScreens('socialNetwork'),
  ...resourceScreens('branchContact'),
  ...resourceScreens('hardContent'),
  { path: '/file', load: fileManager },
  // News with its review workflow, and expert Q&A.
  { path: '/news', load: () => import('../pages/news/NewsListPage') },
  { path: '/news/add', load: newsEdit },
  { path: '/news/:id', load: newsEdit },
  { path: '/expert-question-and-answer', load: () => import('../pages/qa/QaListPage') },
  // Not in the spec's route table: the list's add button opened /news/add; a question staff add has its own screen.
  { path: '/expert-question-and-answer/add', load: () => import('../pages/qa/QaEditPage') },
  { path: '/expert-question-and-answer/:questionId', load: () => import('../pages/qa/QaEditPage') },
  // News categories (tree), sick categories (grouped by letter), menus with their item trees.
  ...resourceScreens('newsCategory'),
  { path: '/sick', load: () => import('../pages/sick/SickListPage') },
  { path: '/sick/add', load: sickEdit },
  { path: '/sick/:id', load: sickEdit },
  ...resourceScreens('menu', { edit: () => import('../pages/menu/MenuEditPage') }),
  // FAQ groups: a plain resource, one definition and this line.
  ...resourceScreens('faqGroup'),
  // Service groups and the career, level and job-type categories: one definition function, four resources.
  ...resourceScreens('serviceGroup'),
  ...resourceScreens('career'),
  ...resourceScreens('level'),
  ...resourceScreens('jobType'),
  // Services (type 1) and specializations (type 0): one definition, two screens, reviewed like news.
  ...resourceScreens('service', {
    list: () => servicePages().then((m) => ({ default: m.serviceList(1) })),
    edit: () => servicePages().then((m) => ({ default: m.serviceEdit(1) })),
  }),
  { path: '/specialization', load: () => servicePages().then((m) => ({ default: m.serviceList(0) })) },
  { path: '/specialization/add', load: () => servicePages().then((m) => ({ default: m.serviceEdit(0) })) },
  { path: '/specialization/:serviceId', load: () => servicePages().then((m) => ({ default: m.serviceEdit(0) })) },
  // Site content: banners (each row opening onto its items), FAQs, partners (a tree), customer feedback; feedback
  // from the public sites (and recorded at /feedback/add when it comes by phone or letter).
  ...resourceScreens('banner', { list: () => import('../pages/site-content/BannerListPage') }),
  ...resourceScreens('faq'),
  ...resourceScreens('partner'),
  ...resourceScreens('feedback', {
    list: () => feedbackPages().then((m) => ({ default: m.FeedbackListPage })),
    edit: () => feedbackPages().then((m) => ({ default: m.FeedbackEditPage })),
  }),
  ...resourceScreens('customerFeedback'),
  // Media: albums (photo albums also take files dropped from the desktop), the video library, media
  // advertisements and waiting screens with the files each floor and area plays.
  ...resourceScreens('album', { edit: () => import('../pages/media/AlbumEditPage') }),
  { path: '/video', load: () => import('../pages/media/VideoLibraryPage') },
  { path: '/advertisement', load: () => import('../pages/media/AdvertisementPage') },
  ...resourceScreens('advertisementTitle', { edit: () => import('../pages/media/WaitingScreenPage') }),
  // Jobs and the applications that come for them; bookings made on the public sites.
  ...resourceScreens('job'),
  ...resourceScreens('recruitment', {
    list: () => peoplePages().then((m) => ({ default: m.RecruitmentListPage })),
    edit: () => peoplePages().then((m) => ({ default: m.RecruitmentEditPage })),
  }),
  ...resourceScreens('booking', {
    list: () => peoplePages().then((m) => ({ default: m.BookingListPage })),
    edit: () => peoplePages().then((m) => ({ default: m.BookingDetailPage })),
  }),
  { path: '/booking/edit/:id', load: () => peoplePages().then((m) => ({ default: m.BookingDetailPage })) },
  // The referral team: collaborators (approval, locking, commission payments) and the patients they referred.
  { path: '/team', load: () => import('../pages/team/TeamPage') },
  { path: '/customer', load: () => import('../pages/team/CustomerPage') },
  // The hospital system's departments and service catalogue (served to the lookups under /his).
  ...resourceScreens('department'),
  ...resourceScreens('serviceCatalogue'),
  // Issue 29: the chosen website's trash (its staff), and the audit log of every website (administrators: the server
  // answers 403 to anyone else, and the console neither routes nor lists it for them).
  { path: '/trash', load: () => import('../pages/trash/TrashPage') },
  { path: '/audit-log', load: () => import('../pages/audit/AuditLogPage'), access: ADMINS },
];

/** Whether `user` may open `screen` (the same check the server makes of its calls). */
export const mayOpen = (screen: Pick<ScreenRoute, 'access'>, user: Actor | null | undefined): boolean => check(screen.access, user).allowed;

/** The screens `user` may open: the others are neither routed nor in the navigation. */
export const screensFor = (user: Actor | null | undefined): ScreenRoute[] => screens.filter((s) => mayOpen(s, user));
