import { defineResource, orderField, l, consoleRoutes, recordsApi } from './define';

/** Spec section 9: advertisement lists default to 20 rows a page. */
const PAGING = { pageSizes: [10, 20, 50, 100], defaultPageSize: 20 };

/** Spec section 5: a media picker left empty says 'Please select file'. */
const SELECT_FILE = l('Vui lòng chọn tệp', 'Please select file');

/** A media advertisement plays a video or music (the list of music uses a shorter player). */
export const MEDIA_KINDS = [
  { value: 0, label: l('Video', 'Video'), color: 'purple' },
  { value: 1, label: l('Nhạc', 'Music'), color: 'green' },
];

/** What a waiting-screen file is: an image shown for a while, or media played to its end. */
export const SCREEN_FILE_KINDS = [
  { value: 0, label: l('Hình ảnh', 'Image'), color: 'blue' },
  { value: 1, label: l('Media', 'Media'), color: 'purple' },
];

/** Media advertisements (the /advertisement screen's video and music lists): a .mp3 or .mp4 of the file store. */
export const advertisement = defineResource({
  name: 'advertisement',
  label: l('Quảng cáo', 'Advertisement'),
  table: 'advertisements',
  scope: 'website',
  api: recordsApi('Advertisements/{website}', { list: { path: 'Advertisements/get-all/{website}', paged: false } }),
  fields: [
    { name: 'url', type: 'media', required: SELECT_FILE, list: true, label: l('Tệp media', 'Media file') },
    { name: 'type', type: 'enum', options: MEDIA_KINDS, default: 0, list: true, label: l('Loại', 'Type') },
  ],
  list: { ...PAGING, orderBy: [{ field: 'id', direction: 'asc' }] },
  popup: { width: 640, height: 360 },
  // The screen of the media advertisements (video, music, edited in popups) and of the waiting screens (their own editor).
  routes: consoleRoutes('advertisement', 'id', ['list']),
  screen: { list: 'media/AdvertisementPage', nav: { group: 'content', order: 90, icon: 'notification', title: 'media:advertisements' } },
  concurrency: true,
});

/**
 * Waiting screens (/advertisement/add, /advertisement/{id}: "Chi tiết Màn hình chờ"): the title of the screen on a
 * floor and area, and its background. The title cannot change once created. What the screen plays are the
 * advertisement files of the same floor and area, in order.
 */
export const advertisementTitle = defineResource({
  name: 'advertisementTitle',
  label: l('Màn hình chờ', 'Waiting screen'),
  detailTitle: l('Chi tiết Màn hình chờ', 'Waiting screen details'),
  table: 'advertisement_titles',
  scope: 'website',
  api: recordsApi('Advertisements/title/{website}', { list: { path: 'Advertisements/title/get-all/{website}', paged: false }, spelled: { get: 'Advertisements/title/{id}' } }),
  fields: [
    { name: 'title', type: 'text', perLanguage: true, required: true, readOnlyOnUpdate: true, maxLength: 250, list: true, search: true, label: l('Tiêu đề', 'Title') },
    { name: 'floor', type: 'number', required: true, min: -10, max: 200, list: true, label: l('Tầng', 'Floor') },
    { name: 'area', type: 'number', required: true, min: 0, max: 10000, list: true, label: l('Khu vực', 'Area') },
    { name: 'background', type: 'image', list: true, label: l('Ảnh nền', 'Banner image') },
  ],
  list: { ...PAGING, orderBy: [{ field: 'floor', direction: 'asc' }, { field: 'area', direction: 'asc' }] },
  // The /advertisement list is a screen of three lists (video, music, waiting screens: renderer/src/app/screens.ts);
  // these are the waiting screens' editor.
  routes: consoleRoutes('advertisement', 'id', ['add', 'edit']),
  screen: { edit: 'media/WaitingScreenPage' },
  // Its list is a tab of /advertisement: back and Save return there.
  afterSave: { path: '/advertisement?tab=screens' },
  concurrency: true,
  // The clinic's waiting screens read theirs by floor and area (?floor=2&area=1): the title, background and files.
  delivery: {
    path: 'waiting-screens',
    summary: 'Waiting screens with the files they play in order; ?floor=&area= one screen\'s',
    fields: ['title', 'floor', 'area', 'background'],
    filters: ['floor', 'area'],
    children: [{ resource: 'advertisementFile', as: 'files', fields: ['type', 'url', 'order'], on: { floor: 'floor', area: 'area' } }],
  },
});

/** The files a waiting screen plays, per floor and area, in order: images or media. */
export const advertisementFile = defineResource({
  name: 'advertisementFile',
  label: l('Tệp màn hình chờ', 'Waiting-screen file'),
  table: 'advertisement_files',
  scope: 'website',
  api: recordsApi('Advertisements/file/{website}', { list: { path: 'Advertisements/file/get-all/{website}', paged: false }, spelled: { get: 'Advertisements/file/{id}' } }),
  fields: [
    { name: 'type', type: 'enum', options: SCREEN_FILE_KINDS, default: 0, list: true, label: l('Loại', 'Type') },
    { name: 'url', type: 'file', accept: ['image', 'media'], acceptBy: { field: 'type', kinds: { 0: 'image', 1: 'media' } }, required: SELECT_FILE, list: true, label: l('Tệp', 'File') },
    { name: 'floor', type: 'number', required: true, min: -10, max: 200, form: false, label: l('Tầng', 'Floor') },
    { name: 'area', type: 'number', required: true, min: 0, max: 10000, form: false, label: l('Khu vực', 'Area') },
    orderField(),
  ],
  list: { ...PAGING, orderBy: [{ field: 'order', direction: 'asc' }] },
  popup: { width: 640, height: 420 },
  concurrency: true,
});
