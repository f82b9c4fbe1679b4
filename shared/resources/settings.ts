import { defineResource, l } from './define';

/**
 * The settings record of a website (Info-website, tab Information): one per website, get and save. Analytics,
 * tracking code and IP blocking run on (or gate) the public site: only an administrator changes them.
 */
export const settings = defineResource({
  name: 'settings',
  label: l('Thông tin website', 'Website information'),
  table: 'settings',
  scope: 'website',
  singleton: true,
  api: {
    get: 'Settings/settings/{website}',
    update: 'POST Settings/settings/{website}',
  },
  fields: [
    { name: 'brand', type: 'text', perLanguage: true, maxLength: 250, label: l('Thương hiệu', 'Brand') },
    { name: 'instruction', type: 'textarea', perLanguage: true, label: l('Hướng dẫn', 'Instruction') },
    { name: 'metaTitle', type: 'text', perLanguage: true, maxLength: 250, label: l('Tiêu đề meta', 'Meta title') },
    { name: 'metaKeyword', type: 'text', perLanguage: true, maxLength: 500, label: l('Từ khoá meta', 'Meta keywords') },
    { name: 'metaDescription', type: 'textarea', perLanguage: true, maxLength: 1000, label: l('Mô tả meta', 'Meta description') },
    { name: 'logo', type: 'image', label: l('Logo', 'Logo') },
    { name: 'favicon', type: 'image', label: l('Favicon', 'Favicon') },
    { name: 'logoMobile', type: 'image', label: l('Logo di động', 'Mobile logo') },
    { name: 'logoFooter', type: 'image', label: l('Logo chân trang', 'Footer logo') },
    { name: 'hotline', type: 'text', maxLength: 50, label: l('Hotline', 'Hotline') },
    { name: 'zaloId', type: 'text', maxLength: 100, label: l('Zalo ID', 'Zalo ID') },
    { name: 'fanpage', type: 'url', maxLength: 500, label: l('Fanpage', 'Fanpage') },
    { name: 'fanPageFacebookId', type: 'text', maxLength: 100, label: l('ID fanpage Facebook', 'Facebook fanpage ID') },
    { name: 'googleMap', type: 'textarea', label: l('Google Map', 'Google Map') },
    { name: 'googleAnalytics', type: 'textarea', editableBy: 'admin', label: l('Google Analytics', 'Google Analytics') },
    { name: 'trackingHeader', type: 'textarea', editableBy: 'admin', label: l('Mã theo dõi (header)', 'Tracking code (header)') },
    { name: 'trackingBody', type: 'textarea', editableBy: 'admin', label: l('Mã theo dõi (body)', 'Tracking code (body)') },
    { name: 'ipBlocking', type: 'textarea', editableBy: 'admin', label: l('Chặn IP', 'IP blocking') },
    { name: 'commentNotAllow', type: 'textarea', label: l('Từ cấm trong bình luận', 'Words not allowed in comments') },
  ],
  afterSave: 'stay',
  concurrency: true,
});
