/**
 * One definition per resource (docs/architecture.md, "The resource definitions").
 *
 * A resource definition is plain data: its API paths, id, fields and child collections. The server's
 * generic CRUD (routes, validation, storage), the console's generic list (ProTable) and form (ProForm
 * with one tab per website language) and the API client are all driven by it. Screens with behaviour of
 * their own are written by hand beside the engine and still reuse these definitions.
 *
 * Nothing here may import a runtime (no node, DOM, electron, react): it is read by server and renderer.
 */
import type { AccessDecl } from './access';
import type { DeliveryDecl } from './delivery';
import type { StatusMachine } from './machine';

/** A label in both interface languages. The console registers these with i18next. */
export type Label = { vi: string; en: string };

/** A label from its Vietnamese and English wording (the one helper definitions and messages write labels with). */
export const l = (vi: string, en: string): Label => ({ vi, en });

/** The kinds of personal data a field may hold (Decree 13/2023/ND-CP's sensitive data: health, financial). */
export type PersonalKind = 'contact' | 'identity' | 'health' | 'financial' | 'file';

export type FieldType =
  | 'text' // single line
  | 'textarea' // multi line plain text
  | 'richText' // HTML from the rich-text editor
  | 'number'
  | 'boolean'
  | 'enum' // one of `options`
  | 'image' // a file URL picked with the file picker (thumbnail in lists)
  | 'file' // any file URL picked with the file picker
  | 'media' // .mp3/.mp4 URL picked with the media picker
  | 'date' // ISO date (YYYY-MM-DD)
  | 'datetime' // ISO timestamp
  | 'tags' // list of strings (sent as a list of { name } objects where the spec says so: see `tagObjects`)
  | 'reference' // id of another record; options come from `reference`
  | 'url';

export interface EnumOption {
  value: number | string;
  label: Label;
  /** antd colour name for tags in lists (e.g. status). */
  color?: string;
}

export interface FieldDef {
  /** Wire name, e.g. `name`, `phoneNumber`. Also the storage column. */
  name: string;
  type: FieldType;
  label: Label;
  /**
   * Stored and sent as JSON text keyed by language id; the form shows it in every language tab as
   * `name-{languageId}`; lists show the current language's value only.
   */
  perLanguage?: boolean;
  /**
   * For a per-language rich-text field the spec wants edited once and applied to every language on save
   * (branch contact work time, hard-content description).
   */
  sameInEveryLanguage?: boolean;
  /**
   * Required. `true` uses the standard message (field label, language name for per-language fields, and
   * the word for required, e.g. "Tên (Tiếng Việt) là trường bắt buộc"); a Label overrides it.
   */
  required?: boolean | Label;
  /** Minimum for numbers, with the spec's message (e.g. order: 'Thứ tự phải đúng định dạng'). */
  min?: number;
  minMessage?: Label;
  max?: number;
  /**
   * A `number` field holds whole numbers unless `decimal` is set (prices): the server stores integers in an
   * integer column and refuses fractions, decimals in a double column.
   */
  decimal?: boolean;
  /** Maximum string length (per language for per-language fields). */
  maxLength?: number;
  /**
   * Unique within the record's scope (its website, its parent) when filled: a partial unique index the database
   * holds, so two saves at once cannot both take a value (409). Plain fields only.
   */
  unique?: boolean;
  default?: unknown;
  /** For `enum`. */
  options?: EnumOption[];
  /** Value can't change once the record exists (e.g. banner type). */
  readOnlyOnUpdate?: boolean;
  /**
   * Who may change the value: `admin`, only an administrator (shared/roles.ts), for what runs on the public site
   * (tracking code, analytics, IP blocking). The server refuses anyone else's change with 403 (a save that leaves it
   * as it is goes through); the console shows it read-only to them, with the reason.
   */
  editableBy?: 'admin';
  /** For `reference`: where the options come from. */
  reference?: {
    /** Path template of a lookup answering a plain array, e.g. 'api:FAQGroups/get-all/{website}'. */
    lookup: string;
    valueField: string;
    /** Field shown; a per-language JSON text is shown in the current language. */
    labelField: string;
    /** Type of the referenced id: integer ids (default) or text keys (e.g. language ids). */
    valueType?: 'number' | 'string';
  };
  /** For `image` fields: the name of the alt-text field shown beside it, if any. */
  altField?: string;
  /** For file fields: the kinds the picker offers and the server takes, when more than the type's own (image or media). */
  accept?: ('image' | 'file' | 'media')[];
  /**
   * For file fields whose kind another field decides (a waiting-screen file: type 0 an image, 1 a video or music):
   * the picker offers that kind, and the server takes only a stored file of it.
   */
  acceptBy?: { field: string; kinds: Record<string, 'image' | 'media'> };
  /** For `tags`: the wire form is a list of `{ name }` objects rather than strings. */
  tagObjects?: boolean;
  /** For `tags`: a list of record ids (an application's jobs), each an id as every id is (shared/input.ts `isId`). */
  ids?: boolean;
  /** For `reference`: the list's bulk bar offers to give many records one value (a FAQ's group): ./bulk.ts. */
  bulkSet?: boolean;
  /** Where the field appears. Defaults: list false, search false, form true. */
  list?: boolean;
  search?: boolean;
  form?: boolean;
  /** An amount of money in whole dong (a number field): shown as "1.200.000 ₫", typed with grouped thousands. */
  money?: boolean;
  /** A rating (a number field from `min` to `max`): shown and chosen as stars. */
  stars?: boolean;
  /** A text field in a known shape, checked on both sides with the field's "wrong format" message. */
  format?: 'email' | 'phone' | 'time' | 'origins';
  /**
   * Personal data (issue 40, shared/resources/personal.ts): what kind of a person's data the field holds. Marked fields
   * are never logged, are kept sealed with the record's key in history, trash and events, are found, exported and
   * erased by the privacy requests, and are listed per resource in docs/api.md ("Personal data register").
   */
  personal?: PersonalKind;
  /** Column width or form layout hints. */
  width?: number;
  /** Never sent to or accepted from clients (server-only bookkeeping). */
  hidden?: boolean;
  /** Answered by the server (e.g. a joined name) but never stored from input. */
  computed?: boolean;
  /**
   * Stored and answered, but never taken from a body: the server sets it (a status only an action changes). Not
   * in forms; lists may show it.
   */
  serverSet?: boolean;
}

/**
 * A path template: an optional HTTP method when it differs from the usual one (e.g. 'POST Settings/settings/{website}'
 * for a save), an optional service prefix (`api:` default, `core:`, `his:`), the path as the spec
 * writes it, with `{website}` (the current website id), `{id}` and the parent keys in braces.
 * A query part names values taken from the query string instead of the path, e.g. 'Banners?websiteId={website}'.
 */
export type PathTemplate = string;

export interface ResourceApi {
  /** GET list. Paged lists answer `{ data, totalRows }`; plain lists answer an array. */
  list?: { path: PathTemplate; paged: boolean; defaultPageSize?: number; maxPageSize?: number };
  /** GET one: `{ code: 1, message, data }` with embedded children as `data.<embedAs>`. */
  get?: PathTemplate;
  create?: PathTemplate;
  update?: PathTemplate;
  remove?: PathTemplate;
  /** Extra lookups this resource offers (e.g. 'Websites/get-all'); answered as plain arrays. */
  getAll?: PathTemplate;
  /**
   * Calls beyond list/read/write, by name (a transition such as 'PUT News/status/{website}/{id}'): the server
   * serves them as actions of the resource, the console calls them with the data provider's `custom`.
   */
  actions?: Record<string, PathTemplate>;
}

type ListApi = NonNullable<ResourceApi['list']>;

/** What `recordsApi` makes: the five calls, and the actions when there are. */
export type RecordsApi<A> = { list: ListApi; getAll?: PathTemplate; get: PathTemplate; create: PathTemplate; update: PathTemplate; remove: PathTemplate } & ([A] extends [never]
  ? { actions?: undefined }
  : { actions: A });

/**
 * The API of a collection of records from its one path, the spec's usual shape: the list and a create at
 * `collection` (`'Albums/{website}'`, `'Albums/photo/{website}/{albumId}'`), one record, its update and its delete at
 * `collection/{id}`. A list is paged unless `list` says otherwise; where the spec spells a call otherwise (its case,
 * a plural, a query, a `get-all` list), `list.path` or `spelled` says so once.
 */
export function recordsApi<const A extends Record<string, PathTemplate> = never>(
  collection: PathTemplate,
  more: { list?: Partial<ListApi>; getAll?: PathTemplate; spelled?: Partial<Record<'get' | 'create' | 'update' | 'remove', PathTemplate>>; actions?: A } = {},
): RecordsApi<A> {
  const one = `${collection}/{id}`;
  return {
    list: { path: collection, paged: true, ...more.list },
    ...(more.getAll ? { getAll: more.getAll } : {}),
    get: one,
    create: collection,
    update: one,
    remove: one,
    ...more.spelled,
    ...(more.actions ? { actions: more.actions } : {}),
  } as RecordsApi<A>;
}

export interface ListOptions {
  /** Page size options and default; spec section 9: 10/25/50/100, default 10. */
  pageSizes?: number[];
  defaultPageSize?: number;
  /** Show the ProTable search panel (fields with `search: true`, plus a keyword box). */
  searchPanel?: boolean;
  /** Tree list by this parent field. */
  treeParentField?: string;
  /** Simple fields editable in the rows of the list itself (ProTable's editable rows), saved one row at a time. */
  inlineEdit?: boolean;
  /** Default order of rows: field and direction. */
  orderBy?: { field: string; direction: 'asc' | 'desc' }[];
  /**
   * Filters staff use to find a few rows among many (new bookings, unread applications): each gets an index of the
   * scope, the field, then the list's order, so such a page reads its rows instead of walking the whole list.
   */
  indexedFilters?: string[];
  /**
   * `false`: the grid offers no add button although the resource can be created (its add route and `api.create`),
   * e.g. feedback and bookings, which mostly come from the public sites and are recorded by staff only when they
   * arrive by phone or letter (spec: "cannot be added from the grid"). Default: an add button when there is an add route.
   */
  addButton?: boolean;
  /** Spec §9 (the team): once the list holds more rows than its largest page size, the whole count is offered too. */
  totalAsPageSize?: boolean;
}

export interface ResourceDef {
  /** Unique key, also the i18n namespace of its labels, e.g. 'website', 'socialNetwork'. */
  name: string;
  label: Label;
  /** Storage table. */
  table: string;
  /**
   * `website`: every row carries `websiteId`, every path has `{website}` and every query is scoped by it.
   * `organisation`: records of the organisation itself, no website (the referral team): every signed-in user is a
   * member, and the definition's `access` decides the rest. `global`: the websites and shared lookups.
   */
  scope: 'global' | 'website' | 'organisation';
  /** Id field; 'id' (generated integer) unless the key is natural (e.g. website language: 'languageId'). */
  idField?: string;
  /** For a child resource: the parent and the key field linking to it (also a path parameter). */
  parent?: { resource: string; keyField: string };
  /** A singleton per website (settings): get and save only, no id. */
  singleton?: boolean;
  api: ResourceApi;
  fields: FieldDef[];
  /** Child collections shown below the form once the record has an id, and embedded in `get`. */
  children?: ChildDef[];
  list?: ListOptions;
  /**
   * Console routes (react-router patterns), from its one path segment (`consoleRoutes('faq-group', 'faqGroupId')`).
   * Absent for children edited in popups.
   */
  routes?: ResourceRoutes;
  /** Which screens show its routes and where its list sits in the side navigation (the console derives both from it). */
  screen?: ScreenDecl;
  /** Where the console goes after a successful save (default: the list route). */
  afterSave?: { path: string; state?: Record<string, unknown> } | 'stay';
  /** The editor's back button returns to the page the user came from (its filters and page), not to the list. */
  backToPrevious?: boolean;
  /** Popup size for children edited in a popup. */
  popup?: { width: number; height: number };
  /** The editor's title for an existing record when the spec names that screen (default: "Sửa <label>" / "Edit <label>"). */
  detailTitle?: Label;
  /**
   * A saved record is shown, not edited (a booking's detail): its inputs are read-only, there is no Save and no
   * unsaved-changes prompt; what changes it are actions (e.g. status moves). A new record (the add route) is a form.
   */
  readOnlyDetail?: boolean;
  /** Record has a concurrencyStamp (all editable records do; natural-key link rows may not). */
  concurrency?: boolean;
  /** Who may do each operation and action (./access.ts); the engine enforces it, the console draws it. */
  access?: AccessDecl;
  /** How the record's statuses move (./machine.ts): served as actions by the engine, drawn by the console. */
  machines?: StatusMachine[];
  /** What the public websites read of it (./delivery.ts): served under /content by the delivery API. */
  delivery?: DeliveryDecl;
  /**
   * Records may be brought in from a CSV or Excel file (issue 42, "Bring data in"): the list offers "Nhập từ tệp /
   * Import" and the server takes rows at /api/Import/{website}/{name}, each through the engine's create.
   */
  import?: ImportDecl;
}

/**
 * `true`: every field a form writes may be a column of the file; `fields`: only these (in this order), when the others
 * make no sense in a spreadsheet (an image picked from the file manager).
 */
export type ImportDecl = true | { fields?: readonly string[] };

export interface ResourceRoutes {
  list?: string;
  add?: string;
  edit?: string;
}

/**
 * The console routes of a resource from its one path segment, as the spec writes it: the list at `/<segment>`, a new
 * record at `/<segment>/add`, one record at `/<segment>/:<param>`. `only` keeps some of them (the website information's
 * parts have no list of their own: they are tabs of /info-website).
 */
export function consoleRoutes(segment: string, param = 'id', only?: readonly (keyof ResourceRoutes)[]): ResourceRoutes {
  const all: Required<ResourceRoutes> = { list: `/${segment}`, add: `/${segment}/add`, edit: `/${segment}/:${param}` };
  return only ? Object.fromEntries(only.map((k) => [k, all[k]])) : all;
}

/** The groups of the side navigation, in menu order (their labels are `nav.<label>` of the console's common namespace). */
export const NAV_GROUPS = ['website', 'content', 'services', 'feedback', 'recruitment', 'customers', 'media', 'system'] as const;
export type NavGroupKey = (typeof NAV_GROUPS)[number];

/** The icons an area of the side navigation may show (the console draws them: renderer/src/app/nav.tsx). */
export type NavIcon = 'medicineBox' | 'picture' | 'fileImage' | 'questionCircle' | 'calendar' | 'notification' | 'idcard';

/** Where a list sits in the side navigation: its group and its place there (areas sorted by `order`). */
export interface NavPlace {
  group: NavGroupKey;
  order: number;
  icon?: NavIcon;
  /** The i18n key (`namespace:key`) of its title when the screen shows its own (default: the definition's label). */
  title?: string;
}

/**
 * The console screens of a resource's routes. A page is named by its module under renderer/src/pages, without the
 * extension (`'site-content/BannerListPage'`, its default export), or with `#` and a named export
 * (`'people/PeoplePages#BookingListPage'`); absent, the generic list or editor of the engine shows it.
 */
export interface ScreenDecl {
  list?: string;
  /** The screen of the add and the edit routes. */
  edit?: string;
  /** Who may open its screens: the definition's rule for this operation (default: every member of the website). */
  access?: 'update';
  /** Its list's area in the side navigation; absent: no area (the screen is opened from another). */
  nav?: NavPlace;
  /** More paths showing one of its screens (the spec's other address of a booking's detail). */
  aliases?: readonly { path: string; screen: 'list' | 'edit' }[];
}

export interface ChildDef {
  /** The child resource's name. */
  resource: string;
  /** Name under which `get` embeds the children (e.g. 'hardContentDetails', 'websiteLanguages'). */
  embedAs?: string;
  /** Tab title when several child collections are shown below the form. */
  label?: Label;
  /** Shown only for records whose `field` equals (or does not equal) a value: a photo album's photos, a video album's videos. */
  when?: { field: string; equals?: unknown; notEquals?: unknown };
}

/** A per-language field (a text unless `more` says otherwise). */
export const perLang = (name: string, label: Label, more: Partial<FieldDef> = {}): FieldDef => ({ name, type: 'text', perLanguage: true, label, ...more });

/** Identity helper so definitions are type-checked and keep their literal types. */
export function defineResource<const T extends ResourceDef>(def: T): T {
  return def;
}

/**
 * A standard field with overrides, keeping the literal types of both (its name and type stay literal, so the record
 * type of a definition, ./record.ts, has `order: number`, not a loose string key).
 */
type Standard<B, O> = Omit<B, keyof O> & O;

const ORDER = {
  name: 'order',
  type: 'number',
  label: { vi: 'Thứ tự', en: 'Order' },
  min: 0,
  minMessage: { vi: 'Thứ tự phải đúng định dạng', en: 'Order must be in the right format' },
  default: 0,
  list: true,
} as const satisfies FieldDef;

/** The standard order field: minimum 0 with the spec's message. */
export const orderField = <const O extends Partial<FieldDef> = Record<never, never>>(overrides: O = {} as O): Standard<typeof ORDER, NoInfer<O>> => ({ ...ORDER, ...overrides });

const IS_ACTIVE = {
  name: 'isActive',
  type: 'boolean',
  label: { vi: 'Kích hoạt', en: 'Active' },
  default: true,
  list: true,
} as const satisfies FieldDef;

export const isActiveField = <const O extends Partial<FieldDef> = Record<never, never>>(overrides: O = {} as O): Standard<typeof IS_ACTIVE, NoInfer<O>> => ({ ...IS_ACTIVE, ...overrides });

/** Language used when a website has none (spec part 2, section 9). */
export const FALLBACK_LANGUAGE = 'vi-VN';
