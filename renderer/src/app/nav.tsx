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
  KeyOutlined,
  MedicineBoxOutlined,
  NotificationOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyOutlined,
  SolutionOutlined,
  TeamOutlined,
  TranslationOutlined,
  UserDeleteOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { resources } from '../../../shared/resources';
import { NAV_GROUPS, type Label, type NavGroupKey, type NavIcon, type ResourceDef } from '../../../shared/resources/define';
import { SPECIALIZATION_LABEL } from '../../../shared/resources/service';

/**
 * Nav registry: every area of the side navigation in both spec documents, in menu order, derived from the definitions
 * (each list names its group and place: `screen.nav`) and the hand-made screens below. An area is shown only when a
 * screen is registered at its path (./screens.ts); a group only when one of its areas is shown. A group's label is
 * `nav.<label>` in the common namespace; an area has no name of its own: it shows the title its screen shows (`title`,
 * read by ./navTitle.ts), so the menu and the page cannot disagree.
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

const key = (i18nKey: string): NavTitle => ({ key: i18nKey });

const GROUPS: Record<NavGroupKey, { label: string; icon: ReactNode }> = {
  website: { label: 'groupWebsite', icon: <GlobalOutlined /> },
  content: { label: 'groupContent', icon: <ReadOutlined /> },
  services: { label: 'groupServices', icon: <AppstoreOutlined /> },
  feedback: { label: 'groupFeedback', icon: <CommentOutlined /> },
  recruitment: { label: 'groupRecruitment', icon: <SolutionOutlined /> },
  customers: { label: 'groupCustomers', icon: <TeamOutlined /> },
  media: { label: 'groupMedia', icon: <FolderOpenOutlined /> },
  // Issue 29: what was deleted in the chosen website (its staff), and every write of every website (administrators).
  system: { label: 'groupSystem', icon: <SafetyOutlined /> },
};

/** The icons definitions may name for their areas (shared/resources/define.ts `NavIcon`). */
const ICONS: Record<NavIcon, ReactNode> = {
  medicineBox: <MedicineBoxOutlined />,
  picture: <PictureOutlined />,
  fileImage: <FileImageOutlined />,
  questionCircle: <QuestionCircleOutlined />,
  calendar: <CalendarOutlined />,
  notification: <NotificationOutlined />,
  idcard: <IdcardOutlined />,
};

type PlacedArea = NavArea & { group: NavGroupKey; order: number };

/** The areas of the hand-made screens (./screens.ts), which no definition lists, with their place among the definitions'. */
const SCREEN_AREAS: PlacedArea[] = [
  { group: 'website', order: 20, path: '/info-website', title: key('resources:info-website.title') },
  { group: 'services', order: 30, path: '/specialization', title: { label: SPECIALIZATION_LABEL } },
  { group: 'media', order: 10, path: '/file', title: key('files:title'), icon: <BookOutlined /> },
  { group: 'media', order: 20, path: '/video', title: key('media:videoLibrary'), icon: <VideoCameraOutlined /> },
  { group: 'system', order: 10, path: '/trash', title: key('trash:title'), icon: <DeleteOutlined /> },
  { group: 'system', order: 20, path: '/audit-log', title: key('audit:title'), icon: <AuditOutlined /> },
  // Issue 39: the roles' list and matrix (./screens.ts).
  { group: 'system', order: 15, path: '/roles', title: key('roles:title'), icon: <KeyOutlined /> },
  // Issue 42: what is left to translate (./screens.ts).
  { group: 'content', order: 95, path: '/translations', title: key('bulk:translations.title'), icon: <TranslationOutlined /> },
  // Issue 40: a person's data requests (administrators and roles granted `privacy`).
  { group: 'system', order: 25, path: '/privacy', title: key('privacy:title'), icon: <UserDeleteOutlined /> },
];

/** The area of each definition whose list has a place in the navigation (`screen.nav`). */
export function definitionAreas(defs: readonly ResourceDef[]): PlacedArea[] {
  return defs.flatMap((def) => {
    const nav = def.screen?.nav;
    const path = def.routes?.list;
    if (!nav || !path) return [];
    return [{ group: nav.group, order: nav.order, path, title: nav.title ? key(nav.title) : { resource: def }, ...(nav.icon ? { icon: ICONS[nav.icon] } : {}) }];
  });
}

/** The side navigation: the dashboard, then each group's areas (the definitions' and the hand-made screens') by place. */
export function navFrom(defs: readonly ResourceDef[]): NavEntry[] {
  const placed = [...definitionAreas(defs), ...SCREEN_AREAS];
  const groups = NAV_GROUPS.map((group): NavGroup => ({
    key: group,
    ...GROUPS[group],
    areas: placed
      .filter((a) => a.group === group)
      .sort((a, b) => a.order - b.order)
      .map(({ group: _group, order: _order, ...area }) => area),
  }));
  return [{ path: '/', title: key('common:dashboard.title'), icon: <DashboardOutlined /> }, ...groups.filter((g) => g.areas.length)];
}

export const NAV: NavEntry[] = navFrom(Object.values(resources) as ResourceDef[]);

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
