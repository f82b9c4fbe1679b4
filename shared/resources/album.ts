import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';

/** Album kinds (spec part 2: "type (0 photo album, otherwise video)"; part 1: media type 0 Photo, 1 Video). */
export const ALBUM_TYPES = [
  { value: 0, label: l('Album ảnh', 'Photo album'), color: 'blue' },
  { value: 1, label: l('Album video', 'Video album'), color: 'purple' },
];

/** Where a video of an album plays from: a file of the file manager, or a link (YouTube: `videoLinkId`). */
export const VIDEO_SOURCES = [
  { value: 0, label: l('Tệp tải lên', 'Uploaded file') },
  { value: 1, label: l('YouTube', 'YouTube') },
];

/**
 * Albums (/album, /album/add, /album/{albumId}): a photo album shows its photos below the form, a video album its
 * videos. Saving stays on the screen. Deleting an album deletes its photos and videos (the records), never their
 * files: those stay in the file manager.
 */
export const album = defineResource({
  name: 'album',
  label: l('Album', 'Album'),
  table: 'albums',
  scope: 'website',
  api: recordsApi('Albums/{website}'),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên album', 'Name') },
    // What the album holds decides which grid it has: fixed once it exists, so no photo is left behind a video grid.
    { name: 'type', type: 'enum', options: ALBUM_TYPES, default: 0, readOnlyOnUpdate: true, list: true, search: true, label: l('Loại', 'Type') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'seoLink', type: 'text', maxLength: 500, unique: true, list: true, label: l('Đường dẫn SEO', 'SEO link') },
    { name: 'thumbnail', type: 'image', list: true, label: l('Ảnh đại diện', 'Thumbnail') },
    { name: 'metaTitle', type: 'text', perLanguage: true, maxLength: 500, label: l('Tiêu đề meta', 'Meta title') },
    { name: 'metaKeyword', type: 'text', perLanguage: true, maxLength: 500, label: l('Từ khoá meta', 'Meta keywords') },
    { name: 'metaDescription', type: 'textarea', perLanguage: true, maxLength: 1000, label: l('Mô tả meta', 'Meta description') },
    orderField(),
    isActiveField(),
    { name: 'isHomePage', type: 'boolean', default: false, list: true, label: l('Trang chủ', 'Home page') },
    { name: 'isHot', type: 'boolean', default: false, list: true, label: l('Nổi bật', 'Hot') },
  ],
  children: [
    { resource: 'albumPhoto', label: l('Ảnh', 'Photos'), when: { field: 'type', equals: 0 } },
    { resource: 'albumVideo', label: l('Video', 'Videos'), when: { field: 'type', notEquals: 0 } },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, inlineEdit: true, orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('album', 'albumId'),
  screen: { edit: 'media/AlbumEditPage', nav: { group: 'content', order: 50, icon: 'fileImage' } },
  afterSave: 'stay',
  concurrency: true,
  delivery: {
    path: 'albums',
    summary: 'Active albums in order, with their active photos (photo albums) and videos (video albums)',
    fields: ['name', 'type', 'description', 'seoLink', 'thumbnail', 'metaTitle', 'metaKeyword', 'metaDescription', 'order', 'isHomePage', 'isHot'],
    filters: ['type', 'isHomePage', 'isHot'],
    children: [
      { resource: 'albumPhoto', as: 'photos', fields: ['title', 'url', 'description', 'alt', 'order'] },
      { resource: 'albumVideo', as: 'videos', fields: ['title', 'type', 'url', 'videoLinkId', 'thumbnail', 'description', 'order', 'isHomePage', 'isDefault'] },
    ],
    by: 'seoLink',
  },
});

export const albumPhoto = defineResource({
  name: 'albumPhoto',
  label: l('Ảnh của album', 'Photo'),
  table: 'album_photos',
  scope: 'website',
  parent: { resource: 'album', keyField: 'albumId' },
  api: recordsApi('Albums/photo/{website}/{albumId}', { list: { path: 'Albums/photo/get-all/{website}/{albumId}', paged: false } }),
  fields: [
    { name: 'title', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, label: l('Tiêu đề', 'Title') },
    { name: 'url', type: 'image', required: true, altField: 'alt', list: true, label: l('Ảnh', 'Photo') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'alt', type: 'text', perLanguage: true, maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
    orderField(),
    isActiveField(),
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  popup: { width: 800, height: 600 },
  concurrency: true,
});

export const albumVideo = defineResource({
  name: 'albumVideo',
  label: l('Video của album', 'Video'),
  table: 'album_videos',
  scope: 'website',
  parent: { resource: 'album', keyField: 'albumId' },
  api: recordsApi('Albums/video/{website}/{albumId}', { list: { path: 'Albums/video/get-all/{website}/{albumId}', paged: false } }),
  fields: [
    { name: 'title', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, label: l('Tiêu đề', 'Title') },
    { name: 'type', type: 'enum', options: VIDEO_SOURCES, default: 0, list: true, label: l('Nguồn', 'Source') },
    { name: 'url', type: 'media', list: true, label: l('Tệp video', 'Video file') },
    { name: 'videoLinkId', type: 'text', maxLength: 100, label: l('Mã video YouTube', 'YouTube video id') },
    { name: 'thumbnail', type: 'image', list: true, label: l('Ảnh đại diện', 'Thumbnail') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    orderField(),
    isActiveField(),
    { name: 'isHomePage', type: 'boolean', default: false, list: true, label: l('Trang chủ', 'Home page') },
    { name: 'isDefault', type: 'boolean', default: false, list: true, label: l('Mặc định', 'Default') },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  popup: { width: 800, height: 640 },
  concurrency: true,
});
