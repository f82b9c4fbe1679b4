import {
  AppstoreOutlined,
  BookOutlined,
  CalendarOutlined,
  CommentOutlined,
  DashboardOutlined,
  FileImageOutlined,
  FolderOpenOutlined,
  GlobalOutlined,
  IdcardOutlined,
  MedicineBoxOutlined,
  NotificationOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SolutionOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * Nav registry: every area of the side navigation in both spec documents, in menu order. An area is
 * shown only when a screen is registered at its path (./screens.ts); a group only when one of its
 * areas is shown. Labels are `nav.<label>` in the common namespace.
 */
export interface NavArea {
  path: string;
  label: string;
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

export const NAV: NavEntry[] = [
  { path: '/', label: 'dashboard', icon: <DashboardOutlined /> },
  {
    key: 'website',
    label: 'groupWebsite',
    icon: <GlobalOutlined />,
    areas: [
      { path: '/website', label: 'website' },
      { path: '/info-website', label: 'infoWebsite' },
      { path: '/menu', label: 'menu' },
    ],
  },
  {
    key: 'content',
    label: 'groupContent',
    icon: <ReadOutlined />,
    areas: [
      { path: '/news', label: 'news' },
      { path: '/news/category', label: 'newsCategory' },
      { path: '/sick', label: 'sick', icon: <MedicineBoxOutlined /> },
      { path: '/banner', label: 'banner', icon: <PictureOutlined /> },
      { path: '/album', label: 'album', icon: <FileImageOutlined /> },
      { path: '/faq-group', label: 'faqGroup' },
      { path: '/faq', label: 'faq', icon: <QuestionCircleOutlined /> },
      { path: '/partner', label: 'partner' },
      { path: '/advertisement', label: 'advertisement', icon: <NotificationOutlined /> },
    ],
  },
  {
    key: 'services',
    label: 'groupServices',
    icon: <AppstoreOutlined />,
    areas: [
      { path: '/service-website', label: 'serviceWebsite' },
      { path: '/group-service', label: 'groupService' },
      { path: '/specialization', label: 'specialization' },
      { path: '/expert-question-and-answer', label: 'expertQuestion' },
      // The hospital system's lists (the second API base's lookups) that services and specializations point to.
      { path: '/department', label: 'department' },
      { path: '/service-catalogue', label: 'serviceCatalogue' },
    ],
  },
  {
    key: 'feedback',
    label: 'groupFeedback',
    icon: <CommentOutlined />,
    areas: [
      { path: '/feedback', label: 'feedback' },
      { path: '/customerFeedback', label: 'customerFeedback' },
    ],
  },
  {
    key: 'recruitment',
    label: 'groupRecruitment',
    icon: <SolutionOutlined />,
    areas: [
      { path: '/job', label: 'job' },
      { path: '/recruitment', label: 'recruitment' },
      { path: '/career', label: 'career' },
      { path: '/level', label: 'level' },
      { path: '/job-type', label: 'jobType' },
    ],
  },
  {
    key: 'customers',
    label: 'groupCustomers',
    icon: <TeamOutlined />,
    areas: [
      { path: '/booking', label: 'booking', icon: <CalendarOutlined /> },
      { path: '/team', label: 'team' },
      { path: '/customer', label: 'customer', icon: <IdcardOutlined /> },
    ],
  },
  {
    key: 'media',
    label: 'groupMedia',
    icon: <FolderOpenOutlined />,
    areas: [
      { path: '/file', label: 'file', icon: <BookOutlined /> },
      { path: '/video', label: 'video', icon: <VideoCameraOutlined /> },
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
