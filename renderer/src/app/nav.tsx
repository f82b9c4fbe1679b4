import {
  AppstoreOutlined,
  AuditOutlined,
  BookOutlined,
  CalendarOutlined,
  CommentOutlined,
  DashboardOutlined,
  DeleteOutlined,
  FileImageOutlined,
  FolderOpenOutlined,
  GlobalOutlined,
  IdcardOutlined,
  MedicineBoxOutlined,
  NotificationOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyOutlined,
  SolutionOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { resources } from '../../../shared/resources';
import type { Label, ResourceDef } from '../../../shared/resources/define';
import { SPECIALIZATION_LABEL } from '../../../shared/resources/service';
import { sick } from '../../../shared/resources/sick';

/**
 * Nav registry: every area of the side navigation in both spec documents, in menu order. An area is
 * shown only when a screen is registered at its path (./screens.ts); a group only when one of its
 * areas is shown. A group's label is `nav.<label>` in the common namespace; an area has no name of its own: it
 * shows the title its screen shows (`title`, read by ./navTitle.ts), so the menu and the page cannot disagree.
 */
export type NavTitle =
  /** The list screen of a definition (its `routes.list` is the area's path): the definition's label. */
  | { resource: ResourceDef }
  /** A screen titled by a label of its own kept in shared/ (the specializations, a second screen of services). */
  | { label: Label }
  /** A hand-made screen: the i18n key (`namespace:key`) of the title it shows. */
  | { key: string };
export interface NavArea {
  path: string;
  title: NavTitle;
  icon?: ReactNode;
}
export interface NavGroup {
  key: string;
  label: string;
  icon: ReactNode;
  areas: NavArea[];
}
export type NavEntry = NavArea | NavGroup;

export const isGroup = (entry: NavEntry): entry is NavGroup => 'areas' in entry;

const def = (resource: ResourceDef): NavTitle => ({ resource });
const key = (i18nKey: string): NavTitle => ({ key: i18nKey });

export const NAV: NavEntry[] = [
  { path: '/', title: key('common:dashboard.title'), icon: <DashboardOutlined /> },
  {
    key: 'website',
    label: 'groupWebsite',
    icon: <GlobalOutlined />,
    areas: [
      { path: '/website', title: key('resources:website.listTitle') },
      { path: '/info-website', title: key('resources:info-website.title') },
      { path: '/menu', title: def(resources.menu) },
    ],
  },
  {
    key: 'content',
    label: 'groupContent',
    icon: <ReadOutlined />,
    areas: [
      { path: '/news', title: key('news:title') },
      { path: '/news/category', title: def(resources.newsCategory) },
      { path: '/sick', title: def(sick), icon: <MedicineBoxOutlined /> },
      { path: '/banner', title: def(resources.banner), icon: <PictureOutlined /> },
      { path: '/album', title: def(resources.album), icon: <FileImageOutlined /> },
      { path: '/faq-group', title: def(resources.faqGroup) },
      { path: '/faq', title: def(resources.faq), icon: <QuestionCircleOutlined /> },
      { path: '/partner', title: def(resources.partner) },
      { path: '/advertisement', title: key('media:advertisements'), icon: <NotificationOutlined /> },
    ],
  },
  {
    key: 'services',
    label: 'groupServices',
    icon: <AppstoreOutlined />,
    areas: [
      { path: '/service-website', title: def(resources.service) },
      { path: '/group-service', title: def(resources.serviceGroup) },
      { path: '/specialization', title: { label: SPECIALIZATION_LABEL } },
      { path: '/expert-question-and-answer', title: key('qa:title') },
      // The hospital system's lists (the second API base's lookups) that services and specializations point to.
      { path: '/department', title: def(resources.department) },
      { path: '/service-catalogue', title: def(resources.serviceCatalogue) },
    ],
  },
  {
    key: 'feedback',
    label: 'groupFeedback',
    icon: <CommentOutlined />,
    areas: [
      { path: '/feedback', title: def(resources.feedback) },
      { path: '/customerFeedback', title: def(resources.customerFeedback) },
    ],
  },
  {
    key: 'recruitment',
    label: 'groupRecruitment',
    icon: <SolutionOutlined />,
    areas: [
      { path: '/job', title: def(resources.job) },
      { path: '/recruitment', title: def(resources.recruitment) },
      { path: '/career', title: def(resources.career) },
      { path: '/level', title: def(resources.level) },
      { path: '/job-type', title: def(resources.jobType) },
    ],
  },
  {
    key: 'customers',
    label: 'groupCustomers',
    icon: <TeamOutlined />,
    areas: [
      { path: '/booking', title: def(resources.booking), icon: <CalendarOutlined /> },
      { path: '/team', title: key('team:title') },
      { path: '/customer', title: key('team:customers'), icon: <IdcardOutlined /> },
    ],
  },
  {
    key: 'media',
    label: 'groupMedia',
    icon: <FolderOpenOutlined />,
    areas: [
      { path: '/file', title: key('files:title'), icon: <BookOutlined /> },
      { path: '/video', title: key('media:videoLibrary'), icon: <VideoCameraOutlined /> },
    ],
  },
  {
    // Issue 29: what was deleted in the chosen website (its staff), and every write of every website (administrators).
    key: 'system',
    label: 'groupSystem',
    icon: <SafetyOutlined />,
    areas: [
      { path: '/trash', title: key('trash:title'), icon: <DeleteOutlined /> },
      { path: '/audit-log', title: key('audit:title'), icon: <AuditOutlined /> },
    ],
  },
];

/** The navigation limited to areas whose screens exist. */
export function visibleNav(registeredPaths: ReadonlySet<string>): NavEntry[] {
  return NAV.flatMap((entry): NavEntry[] => {
    if (!isGroup(entry)) return registeredPaths.has(entry.path) ? [entry] : [];
    const areas = entry.areas.filter((area) => registeredPaths.has(area.path));
    return areas.length ? [{ ...entry, areas }] : [];
  });
}

/**
 * The path of the area `pathname` is deepest in ('/news/category/3' → '/news/category', not also '/news'): the
 * one side-menu entry to highlight.
 */
export function deepestArea(entries: readonly NavEntry[], pathname: string): string | undefined {
  const paths = entries.flatMap((entry) => (isGroup(entry) ? entry.areas.map((a) => a.path) : [entry.path]));
  const inside = (p: string) => (p === '/' ? pathname === '/' : pathname === p || pathname.startsWith(`${p}/`));
  return paths.filter(inside).sort((a, b) => b.length - a.length)[0];
}
