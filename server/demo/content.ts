// The demo content (SEED_DEMO=1) as plain data: what every screen shows on a first run, for both websites and
// both languages. Seeded through the server's own routes by ./seed.ts; read by the browser journeys
// (tests/e2e/support.ts) so they name records that really exist. Data only: no imports, no database code.

export type Text = { 'vi-VN': string; 'en-US': string };
export const t = (vi: string, en: string): Text => ({ 'vi-VN': vi, 'en-US': en });

export type SiteKey = 'clinic' | 'spa';
/** The demo websites' names (bootstrap.ts creates them with these names, the clinic as the default). */
export const DEMO_WEBSITES: Record<SiteKey, Text> = {
  clinic: t('Phòng khám Sitedesk', 'Sitedesk Clinic'),
  spa: t('Sitedesk Spa', 'Sitedesk Spa'),
};

/**
 * A picture the seed draws and uploads into a folder of the file manager: the news' as photos (server/demo/photo.ts,
 * 3000×2000 JPEG, as a camera gives them), the others as small drawings (server/demo/png.ts).
 */
export interface DemoImage {
  key: string;
  folder: string;
  file: string;
  from: readonly [number, number, number];
  to: readonly [number, number, number];
}

/** Folders of the file manager (organisation-wide) and the images in them. */
export const DEMO_FOLDERS = ['Tin tức', 'Banner', 'Logo', 'Bệnh lý', 'Video và nhạc'] as const;

/**
 * Video and music the seed uploads (files of server/demo/media/, made once with ffmpeg: a 4-second test-pattern
 * H.264 video and a 5-second quiet tone), for albums, advertisements and waiting screens.
 */
export const DEMO_MEDIA = [
  { key: 'introVideo', folder: 'Video và nhạc', file: 'gioi-thieu-phong-kham.mp4', type: 'video/mp4' },
  { key: 'waitingMusic', folder: 'Video và nhạc', file: 'nhac-cho.mp3', type: 'audio/mpeg' },
] as const;

/** The hospital system's lists (served under /his): departments for specializations, its services for services. */
export const DEMO_HIS = {
  departments: [
    { name: 'Khoa Nội tổng quát', code: 'NOI' },
    { name: 'Khoa Tim mạch', code: 'TIM' },
    { name: 'Khoa Nhi', code: 'NHI' },
    { name: 'Khoa Xét nghiệm', code: 'XN' },
  ],
  services: [
    { name: 'Khám nội tổng quát', code: 'DV-KNTQ', unitPrice: 300000 },
    { name: 'Siêu âm tim', code: 'DV-SAT', unitPrice: 450000 },
    { name: 'Xét nghiệm máu tổng quát', code: 'DV-XNM', unitPrice: 250000 },
    { name: 'Tiêm chủng trẻ em', code: 'DV-TC', unitPrice: 180000 },
  ],
};

export const DEMO_IMAGES: DemoImage[] = [
  { key: 'checkup', folder: 'Tin tức', file: 'kham-tong-quat.jpg', from: [14, 116, 144], to: [56, 189, 248] },
  { key: 'heart', folder: 'Tin tức', file: 'tim-mach.jpg', from: [153, 27, 27], to: [248, 113, 113] },
  { key: 'child', folder: 'Tin tức', file: 'nhi-khoa.jpg', from: [180, 83, 9], to: [251, 191, 36] },
  { key: 'food', folder: 'Tin tức', file: 'dinh-duong.jpg', from: [21, 128, 61], to: [134, 239, 172] },
  { key: 'vaccine', folder: 'Tin tức', file: 'tiem-chung.jpg', from: [67, 56, 202], to: [165, 180, 252] },
  { key: 'event', folder: 'Tin tức', file: 'su-kien.jpg', from: [190, 24, 93], to: [249, 168, 212] },
  { key: 'spa', folder: 'Tin tức', file: 'cham-soc-da.jpg', from: [157, 23, 77], to: [253, 186, 116] },
  { key: 'massage', folder: 'Tin tức', file: 'massage.jpg', from: [120, 53, 15], to: [217, 119, 6] },
  { key: 'bannerClinic', folder: 'Banner', file: 'banner-phong-kham.png', from: [12, 74, 110], to: [125, 211, 252] },
  { key: 'bannerSpa', folder: 'Banner', file: 'banner-spa.png', from: [131, 24, 67], to: [244, 114, 182] },
  { key: 'logoClinic', folder: 'Logo', file: 'logo-phong-kham.png', from: [3, 105, 161], to: [14, 165, 233] },
  { key: 'logoSpa', folder: 'Logo', file: 'logo-spa.png', from: [190, 18, 60], to: [251, 113, 133] },
  { key: 'sick', folder: 'Bệnh lý', file: 'benh-ly.png', from: [71, 85, 105], to: [203, 213, 225] },
];

export interface DemoCategory {
  key: string;
  parent?: string;
  name: Text;
  seoLink: string;
  isHomePage?: boolean;
  isHot?: boolean;
}

export interface DemoSick {
  key: string;
  alphabet: Text;
  name: Text;
  seoLink: Text;
  description: Text;
  isPrioritize?: boolean;
}

/** approvedStatus: 0 draft, 1 pending review, 2 approved, 3 declined (with `declineReason`). */
export interface DemoNews {
  title: Text;
  description: Text;
  seoLink: Text;
  image: string;
  categories: string[];
  sicks?: string[];
  tags: string[];
  status: 0 | 1 | 2 | 3;
  declineReason?: string;
  isHot?: boolean;
  isHomePage?: boolean;
  type?: 0 | 1;
  /** days before the seed's clock */
  daysAgo: number;
}

export interface DemoMenuItem {
  name: Text;
  url?: string;
  category?: string;
  /** a news item of the site, by its Vietnamese SEO link */
  news?: string;
  children?: DemoMenuItem[];
}

export interface DemoMenu {
  name: Text;
  /** 0 top, 1 bottom */
  position: 0 | 1;
  items: DemoMenuItem[];
}

export interface DemoSite {
  settings: { brand: Text; metaTitle: Text; metaDescription: Text; hotline: string; zaloId: string; fanpage: string; logo: string; banner: string };
  categories: DemoCategory[];
  sicks: DemoSick[];
  news: DemoNews[];
  menus: DemoMenu[];
  socialNetworks: { name: Text; url: string; order: number }[];
  /** contacts: 0 email, 1 phone (CONTACT_TYPES) */
  branches: { name: Text; address: Text; workTime: string; website: string; isDefault?: boolean; isOffice?: boolean; order: number; contacts: { type: 0 | 1; value: string }[] }[];
  hardContents: { name: Text; code: string; description: string; order: number; items: { name: Text; description: Text }[] }[];
  faqGroups: { name: Text; description: Text; code: string; seoLink: string; isCustomer: boolean }[];
  /** Service groups (type 0) and the career (1), level (2) and job-type (3) lists. */
  listCategories: Record<0 | 1 | 2 | 3, { name: Text; seoLink: string }[]>;
  services: DemoService[];
  /** Banners with their items (`image` keys; an item with `hidden` is inactive). Type and position: shared/resources/banner.ts. */
  banners: { name: Text; type: number; position: number; items: { name: Text; image: string; hidden?: boolean }[] }[];
  /** FAQs: `group` is the index of their FAQ group. */
  faqs: { group: number; question: Text; answer: Text }[];
  /** Partners: `parent` is the index of an earlier partner. */
  partners: { name: Text; description: Text; url: string; parent?: number }[];
  /** Feedback sent by visitors through the public intake; `read` ones were opened by staff. */
  feedbacks: { title: string; fullName: string; email: string; phoneNumber: string; serviceName: string; content: string; read?: boolean }[];
  customerFeedbacks: { name: Text; position: Text; content: Text; seoLink: string; rate: number }[];
  /**
   * Albums: a photo album (type 0) with its photos (image keys), or a video album with videos from an uploaded file
   * (`media` key) or YouTube (`youtube` id).
   */
  albums: { name: Text; seoLink: string; thumbnail: string; isHomePage?: boolean; photos?: { title: Text; image: string }[]; videos?: { title: Text; media?: string; youtube?: string }[] }[];
  /** Jobs (industry, level and form: the first of the site's career, level and job-type lists). */
  jobs: { name: Text; seoLink: string; salaryRange: string; quantity: number; location: string }[];
  /** Applications sent through the public intake (`jobs`: indexes into `jobs`); `read` ones were opened. */
  applications: { fullName: string; phoneNumber: string; email: string; jobs: number[]; read?: boolean; /** the CV's file name (sent with it where applications take a CV) */ cv?: string }[];
  /** Bookings made through the public intake, `inDays` from the seed's day; `moves`: the statuses staff moved it through. */
  bookings: { customerName: string; customerPhone: string; customerEmail?: string; inDays: number; startTime: string; service: Text; moves?: { status: 1 | 2 | 3; reason?: string }[] }[];
  /** Media advertisements: a DEMO_MEDIA key each, type 0 video, 1 music. */
  advertisements: { media: string; type: 0 | 1 }[];
  /** Waiting screens of a floor and area, with the files they play in order (an image key or a DEMO_MEDIA key). */
  waitingScreens: { title: Text; floor: number; area: number; background: string; files: ({ image: string } | { media: string })[] }[];
}

/**
 * A service (type 1) or specialization (type 0): `group` is the index of its service group, `reference` the index of
 * the hospital's service (type 1) or department (type 0) in DEMO_HIS; `review` leaves it pending, the others are
 * approved (published).
 */
export interface DemoService {
  type: 0 | 1;
  title: Text;
  description: Text;
  seoLink: string;
  image: string;
  unitPrice?: number;
  group?: number;
  reference?: number;
  review?: boolean;
  faqs?: { question: Text; answer: Text }[];
  titles?: { title: Text; unitPrice?: number; items: Text[] }[];
}

const CLINIC: DemoSite = {
  settings: {
    brand: t('Phòng khám Sitedesk', 'Sitedesk Clinic'),
    metaTitle: t('Phòng khám Sitedesk – Chăm sóc sức khỏe toàn diện', 'Sitedesk Clinic – Complete health care'),
    metaDescription: t('Khám tổng quát, tim mạch, nhi khoa và tiêm chủng tại trung tâm TP. Hồ Chí Minh.', 'General check-ups, cardiology, paediatrics and vaccination in central Ho Chi Minh City.'),
    hotline: '1900 6868',
    zaloId: '0909123456',
    fanpage: 'https://facebook.com/sitedesk.clinic',
    logo: 'logoClinic',
    banner: 'bannerClinic',
  },
  categories: [
    { key: 'health', name: t('Sức khỏe', 'Health'), seoLink: 'suc-khoe', isHomePage: true },
    { key: 'heart', parent: 'health', name: t('Tim mạch', 'Cardiology'), seoLink: 'tim-mach', isHot: true },
    { key: 'children', parent: 'health', name: t('Nhi khoa', 'Paediatrics'), seoLink: 'nhi-khoa' },
    { key: 'vaccines', parent: 'children', name: t('Tiêm chủng', 'Vaccination'), seoLink: 'tiem-chung' },
    { key: 'nutrition', name: t('Dinh dưỡng', 'Nutrition'), seoLink: 'dinh-duong', isHomePage: true },
    { key: 'events', name: t('Sự kiện', 'Events'), seoLink: 'su-kien' },
  ],
  sicks: [
    { key: 'asthma', alphabet: t('H', 'A'), name: t('Hen suyễn', 'Asthma'), seoLink: t('hen-suyen', 'asthma'), description: t('Bệnh viêm mạn tính đường thở.', 'A long-term inflammation of the airways.'), isPrioritize: true },
    { key: 'diabetes', alphabet: t('Đ', 'D'), name: t('Đái tháo đường', 'Diabetes'), seoLink: t('dai-thao-duong', 'diabetes'), description: t('Rối loạn chuyển hóa đường huyết.', 'A disorder of blood sugar metabolism.'), isPrioritize: true },
    { key: 'hypertension', alphabet: t('T', 'H'), name: t('Tăng huyết áp', 'Hypertension'), seoLink: t('tang-huyet-ap', 'hypertension'), description: t('Huyết áp cao kéo dài.', 'Persistently high blood pressure.') },
    { key: 'flu', alphabet: t('C', 'F'), name: t('Cúm mùa', 'Seasonal flu'), seoLink: t('cum-mua', 'seasonal-flu'), description: t('Bệnh truyền nhiễm do virus cúm.', 'An infection caused by influenza viruses.') },
    { key: 'gastritis', alphabet: t('V', 'G'), name: t('Viêm dạ dày', 'Gastritis'), seoLink: t('viem-da-day', 'gastritis'), description: t('Viêm niêm mạc dạ dày.', 'Inflammation of the stomach lining.') },
    { key: 'anemia', alphabet: t('T', 'A'), name: t('Thiếu máu', 'Anaemia'), seoLink: t('thieu-mau', 'anaemia'), description: t('Thiếu hồng cầu hoặc huyết sắc tố.', 'Too few red blood cells or too little haemoglobin.') },
  ],
  news: [
    { title: t('Bao lâu nên khám sức khỏe tổng quát một lần?', 'How often should you have a general check-up?'), description: t('Lịch khám định kỳ phù hợp cho từng độ tuổi.', 'A check-up schedule for every age.'), seoLink: t('bao-lau-nen-kham-tong-quat', 'how-often-general-check-up'), image: 'checkup', categories: ['health'], tags: ['Khám định kỳ', 'Sức khỏe'], status: 2, isHot: true, isHomePage: true, daysAgo: 2 },
    { title: t('Năm dấu hiệu sớm của bệnh tim mạch', 'Five early signs of heart disease'), description: t('Đừng bỏ qua những triệu chứng tưởng chừng vô hại.', 'Symptoms not to ignore, however harmless they look.'), seoLink: t('dau-hieu-som-benh-tim-mach', 'early-signs-heart-disease'), image: 'heart', categories: ['heart'], sicks: ['hypertension'], tags: ['Tim mạch'], status: 2, isHot: true, daysAgo: 4 },
    { title: t('Kiểm soát huyết áp tại nhà', 'Managing blood pressure at home'), description: t('Cách đo và ghi lại huyết áp đúng.', 'How to measure and record your blood pressure.'), seoLink: t('kiem-soat-huyet-ap-tai-nha', 'blood-pressure-at-home'), image: 'heart', categories: ['heart'], sicks: ['hypertension'], tags: ['Tim mạch', 'Huyết áp'], status: 2, daysAgo: 6 },
    { title: t('Lịch tiêm chủng cho trẻ dưới 2 tuổi', 'Vaccination schedule for children under two'), description: t('Các mũi tiêm cần thiết trong hai năm đầu đời.', 'The vaccines a child needs in the first two years.'), seoLink: t('lich-tiem-chung-tre-duoi-2-tuoi', 'vaccination-under-two'), image: 'vaccine', categories: ['vaccines'], tags: ['Tiêm chủng', 'Nhi khoa'], status: 2, isHomePage: true, daysAgo: 8 },
    { title: t('Chế độ ăn cho người đái tháo đường', 'Eating well with diabetes'), description: t('Thực đơn cân bằng giúp ổn định đường huyết.', 'Balanced meals that keep blood sugar steady.'), seoLink: t('che-do-an-dai-thao-duong', 'eating-well-with-diabetes'), image: 'food', categories: ['nutrition'], sicks: ['diabetes'], tags: ['Dinh dưỡng'], status: 2, daysAgo: 10 },
    { title: t('Trẻ sốt: khi nào cần đưa đi khám?', 'Fever in children: when to see a doctor'), description: t('Những mức nhiệt độ và dấu hiệu cần lưu ý.', 'The temperatures and signs to watch for.'), seoLink: t('tre-sot-khi-nao-di-kham', 'child-fever-when-to-see-doctor'), image: 'child', categories: ['children'], sicks: ['flu'], tags: ['Nhi khoa'], status: 1, daysAgo: 1 },
    { title: t('Phòng cúm mùa cho cả gia đình', 'Protecting the whole family from seasonal flu'), description: t('Tiêm vắc xin và thói quen vệ sinh đơn giản.', 'Vaccination and simple hygiene habits.'), seoLink: t('phong-cum-mua-gia-dinh', 'family-seasonal-flu'), image: 'vaccine', categories: ['health', 'vaccines'], sicks: ['flu'], tags: ['Tiêm chủng'], status: 1, daysAgo: 1 },
    { title: t('Hen suyễn ở người lớn tuổi', 'Asthma in older adults'), description: t('Nhận biết và kiểm soát cơn hen.', 'Recognising and controlling asthma attacks.'), seoLink: t('hen-suyen-nguoi-lon-tuoi', 'asthma-older-adults'), image: 'checkup', categories: ['health'], sicks: ['asthma'], tags: ['Hô hấp'], status: 1, daysAgo: 0 },
    { title: t('Ngày hội khám sức khỏe miễn phí tháng 12', 'Free health check day in December'), description: t('Phòng khám tổ chức khám miễn phí cho người cao tuổi.', 'The clinic offers free check-ups to older people.'), seoLink: t('ngay-hoi-kham-mien-phi-thang-12', 'free-health-check-day-december'), image: 'event', categories: ['events'], tags: ['Sự kiện'], status: 0, type: 1, daysAgo: 0 },
    { title: t('Bổ sung sắt đúng cách', 'Taking iron supplements the right way'), description: t('Thiếu máu do thiếu sắt và cách bổ sung.', 'Iron-deficiency anaemia and how to treat it.'), seoLink: t('bo-sung-sat-dung-cach', 'iron-supplements-right-way'), image: 'food', categories: ['nutrition'], sicks: ['anemia'], tags: ['Dinh dưỡng'], status: 0, daysAgo: 3 },
    { title: t('Viêm dạ dày: ăn gì, kiêng gì?', 'Gastritis: what to eat and what to avoid'), description: t('Gợi ý thực đơn cho người bệnh dạ dày.', 'Meal ideas for people with gastritis.'), seoLink: t('viem-da-day-an-gi-kieng-gi', 'gastritis-diet'), image: 'food', categories: ['nutrition'], sicks: ['gastritis'], tags: ['Tiêu hóa'], status: 3, declineReason: 'Cần bác sĩ chuyên khoa tiêu hóa duyệt lại phần thực đơn.', daysAgo: 5 },
    { title: t('Khám tim mạch cần chuẩn bị gì?', 'Preparing for a heart check-up'), description: t('Những điều nên biết trước buổi khám.', 'What to know before your appointment.'), seoLink: t('kham-tim-mach-can-chuan-bi-gi', 'preparing-heart-check-up'), image: 'heart', categories: ['heart'], tags: ['Tim mạch'], status: 3, declineReason: 'Thiếu hình ảnh minh họa quy trình khám.', daysAgo: 7 },
  ],
  menus: [
    {
      name: t('Menu chính', 'Main menu'),
      position: 0,
      items: [
        { name: t('Trang chủ', 'Home'), url: '/' },
        { name: t('Giới thiệu', 'About us'), url: '/gioi-thieu' },
        {
          name: t('Chuyên khoa', 'Specialties'),
          url: '/chuyen-khoa',
          children: [
            { name: t('Tim mạch', 'Cardiology'), category: 'heart' },
            { name: t('Nhi khoa', 'Paediatrics'), category: 'children', children: [{ name: t('Tiêm chủng', 'Vaccination'), category: 'vaccines' }] },
          ],
        },
        { name: t('Tin tức', 'News'), category: 'health', children: [{ name: t('Khám tổng quát định kỳ', 'Regular check-ups'), news: 'bao-lau-nen-kham-tong-quat' }] },
        { name: t('Liên hệ', 'Contact'), url: '/lien-he' },
      ],
    },
    {
      name: t('Menu chân trang', 'Footer menu'),
      position: 1,
      items: [
        { name: t('Chính sách bảo mật', 'Privacy policy'), url: '/chinh-sach-bao-mat' },
        { name: t('Điều khoản sử dụng', 'Terms of use'), url: '/dieu-khoan' },
        { name: t('Hỏi đáp', 'FAQ'), url: '/hoi-dap', children: [{ name: t('Đặt lịch khám', 'Booking'), url: '/hoi-dap/dat-lich' }] },
      ],
    },
  ],
  socialNetworks: [
    { name: t('Facebook', 'Facebook'), url: 'https://facebook.com/sitedesk.clinic', order: 1 },
    { name: t('Zalo', 'Zalo'), url: 'https://zalo.me/0909123456', order: 2 },
    { name: t('YouTube', 'YouTube'), url: 'https://youtube.com/@sitedesk-clinic', order: 3 },
  ],
  branches: [
    { name: t('Cơ sở Quận 1', 'District 1 branch'), address: t('12 Nguyễn Du, Quận 1, TP. Hồ Chí Minh', '12 Nguyen Du, District 1, Ho Chi Minh City'), workTime: '<p>Thứ 2 – Thứ 7: 7:00 – 19:00</p>', website: 'https://clinic.sitedesk.vn', isDefault: true, isOffice: true, order: 1, contacts: [{ type: 1, value: '028 3822 6868' }, { type: 0, value: 'quan1@clinic.sitedesk.vn' }] },
    { name: t('Cơ sở Thủ Đức', 'Thu Duc branch'), address: t('88 Võ Văn Ngân, TP. Thủ Đức', '88 Vo Van Ngan, Thu Duc City'), workTime: '<p>Thứ 2 – Chủ nhật: 7:30 – 17:00</p>', website: 'https://clinic.sitedesk.vn/thu-duc', order: 2, contacts: [{ type: 1, value: '028 3896 6868' }] },
  ],
  hardContents: [
    { name: t('Giờ làm việc', 'Opening hours'), code: 'opening-hours', description: '<p>Thứ 2 – Thứ 7: 7:00 – 19:00</p>', order: 1, items: [{ name: t('Ngày thường', 'Weekdays'), description: t('7:00 – 19:00', '7 am – 7 pm') }, { name: t('Chủ nhật', 'Sunday'), description: t('Nghỉ', 'Closed') }] },
    { name: t('Cam kết chất lượng', 'Our promise'), code: 'promise', description: '<p>Bác sĩ giàu kinh nghiệm, trang thiết bị hiện đại.</p>', order: 2, items: [{ name: t('Bác sĩ giàu kinh nghiệm', 'Experienced doctors'), description: t('Trên 10 năm hành nghề.', 'Over ten years of practice.') }] },
  ],
  faqGroups: [
    { name: t('Đặt lịch khám', 'Booking an appointment'), description: t('Cách đặt, đổi và hủy lịch khám.', 'How to book, change or cancel.'), code: 'booking', seoLink: 'dat-lich-kham', isCustomer: true },
    { name: t('Bảo hiểm y tế', 'Health insurance'), description: t('Các loại bảo hiểm được chấp nhận.', 'The insurance we accept.'), code: 'insurance', seoLink: 'bao-hiem-y-te', isCustomer: true },
    { name: t('Kết quả xét nghiệm', 'Test results'), description: t('Nhận và đọc kết quả xét nghiệm.', 'Getting and reading your results.'), code: 'results', seoLink: 'ket-qua-xet-nghiem', isCustomer: false },
  ],
  listCategories: {
    0: [
      { name: t('Khám tổng quát', 'General check-ups'), seoLink: 'kham-tong-quat' },
      { name: t('Xét nghiệm', 'Laboratory tests'), seoLink: 'xet-nghiem' },
    ],
    1: [
      { name: t('Y tế', 'Health care'), seoLink: 'y-te' },
      { name: t('Hành chính', 'Administration'), seoLink: 'hanh-chinh' },
    ],
    2: [
      { name: t('Nhân viên', 'Staff'), seoLink: 'nhan-vien' },
      { name: t('Trưởng nhóm', 'Team lead'), seoLink: 'truong-nhom' },
    ],
    3: [
      { name: t('Toàn thời gian', 'Full time'), seoLink: 'toan-thoi-gian' },
      { name: t('Bán thời gian', 'Part time'), seoLink: 'ban-thoi-gian' },
    ],
  },
  banners: [
    {
      name: t('Trang chủ', 'Home page'),
      type: 2,
      position: 1,
      items: [
        { name: t('Khám tổng quát ưu đãi', 'Check-up offer'), image: 'bannerClinic' },
        { name: t('Tiêm chủng cho bé', 'Vaccination for children'), image: 'vaccine' },
        { name: t('Tim mạch (tạm ẩn)', 'Cardiology (hidden)'), image: 'heart', hidden: true },
      ],
    },
    { name: t('Chân trang', 'Footer'), type: 1, position: 5, items: [{ name: t('Đặt lịch khám', 'Book a visit'), image: 'checkup' }] },
  ],
  faqs: [
    { group: 0, question: t('Làm sao để đặt lịch khám?', 'How do I book an appointment?'), answer: t('<p>Gọi 1900 6868 hoặc đặt trên website.</p>', '<p>Call 1900 6868 or book on the website.</p>') },
    { group: 0, question: t('Tôi có thể đổi lịch không?', 'Can I change my appointment?'), answer: t('<p>Có, trước giờ hẹn 24 giờ.</p>', '<p>Yes, up to 24 hours before.</p>') },
    { group: 1, question: t('Phòng khám có nhận bảo hiểm y tế không?', 'Do you accept health insurance?'), answer: t('<p>Có, bảo hiểm y tế và bảo hiểm tư nhân.</p>', '<p>Yes, public and private insurance.</p>') },
    { group: 2, question: t('Khi nào có kết quả xét nghiệm?', 'When are test results ready?'), answer: t('<p>Trong ngày, qua email.</p>', '<p>The same day, by email.</p>') },
  ],
  partners: [
    { name: t('Bảo Việt', 'Bao Viet Insurance'), description: t('Bảo hiểm sức khỏe', 'Health insurance'), url: 'https://baoviet.com.vn' },
    { name: t('Bảo Việt An Gia', 'Bao Viet An Gia'), description: t('Gói bảo hiểm gia đình', 'Family insurance plan'), url: 'https://baoviet.com.vn/an-gia', parent: 0 },
    { name: t('Medlatec', 'Medlatec Laboratories'), description: t('Đối tác xét nghiệm', 'Laboratory partner'), url: 'https://medlatec.vn' },
  ],
  feedbacks: [
    // Nguyễn Văn An (0912 345 678, an.nguyen@example.com), the demo's person asking for their data (issue 40: the
    // Personal data screen): a booking and feedback on both websites, an application, a referral, the phone written
    // differently each time.
    { title: 'Hỏi về lịch tái khám', fullName: 'Nguyễn Văn An', email: 'an.nguyen@example.com', phoneNumber: '0912345678', serviceName: 'Tim mạch', content: 'Tôi muốn hỏi lịch tái khám tim mạch tháng sau.' },
    { title: 'Thời gian chờ khám', fullName: 'Nguyễn Thị Hoa', email: 'hoa.nguyen@example.com', phoneNumber: '0903 111 222', serviceName: 'Khám sức khỏe tổng quát', content: 'Tôi phải chờ gần một tiếng dù đã đặt lịch.' },
    { title: 'Cảm ơn bác sĩ', fullName: 'Trần Văn Nam', email: 'nam.tran@example.com', phoneNumber: '0912 333 444', serviceName: 'Tim mạch', content: 'Bác sĩ tư vấn rất tận tình.', read: true },
    { title: 'Góp ý bãi giữ xe', fullName: 'Lê Minh Châu', email: 'chau.le@example.com', phoneNumber: '0987 555 666', serviceName: '', content: 'Bãi giữ xe hơi chật vào buổi sáng.' },
  ],
  customerFeedbacks: [
    { name: t('Chị Mai Anh', 'Ms Mai Anh'), position: t('Giáo viên', 'Teacher'), content: t('Dịch vụ chu đáo, kết quả nhanh.', 'Thoughtful service and quick results.'), seoLink: 'chi-mai-anh', rate: 5 },
    { name: t('Anh Quốc Bảo', 'Mr Quoc Bao'), position: t('Kỹ sư', 'Engineer'), content: t('Đặt lịch dễ dàng, bác sĩ giỏi.', 'Easy booking, skilled doctors.'), seoLink: 'anh-quoc-bao', rate: 4 },
  ],
  jobs: [
    { name: t('Điều dưỡng đa khoa', 'General nurse'), seoLink: 'tuyen-dieu-duong', salaryRange: '10 – 14 triệu', quantity: 3, location: 'Hà Nội' },
    { name: t('Bác sĩ nội khoa', 'Internal medicine doctor'), seoLink: 'tuyen-bac-si-noi-khoa', salaryRange: 'Thoả thuận', quantity: 1, location: 'Hà Nội' },
  ],
  applications: [
    { fullName: 'Nguyễn Văn An', phoneNumber: '0912.345.678', email: 'an.nguyen@example.com', jobs: [0], cv: 'CV-Nguyen-Van-An.pdf' },
    { fullName: 'Nguyễn Thu Trang', phoneNumber: '0934 111 222', email: 'trang.nguyen@example.com', jobs: [0] },
    { fullName: 'Lê Minh Đức', phoneNumber: '0934 333 444', email: 'duc.le@example.com', jobs: [1], read: true },
    { fullName: 'Phạm Ngọc Ánh', phoneNumber: '0934 555 666', email: 'anh.pham@example.com', jobs: [0, 1] },
  ],
  bookings: [
    { customerName: 'Nguyễn Văn An', customerPhone: '0912 345 678', customerEmail: 'an.nguyen@example.com', inDays: 6, startTime: '09:30', service: t('Tim mạch', 'Cardiology') },
    { customerName: 'Trần Thị Hương', customerPhone: '0945 111 222', inDays: 1, startTime: '08:30', service: t('Khám sức khỏe tổng quát', 'General health check-up') },
    { customerName: 'Đỗ Văn Nam', customerPhone: '0945 333 444', inDays: 2, startTime: '10:00', service: t('Tim mạch', 'Cardiology'), moves: [{ status: 1 }] },
    { customerName: 'Vũ Thị Lan', customerPhone: '0945 555 666', inDays: -3, startTime: '14:00', service: t('Xét nghiệm máu', 'Blood test'), moves: [{ status: 1 }, { status: 2 }] },
    { customerName: 'Hoàng Minh Tú', customerPhone: '0945 777 888', inDays: 4, startTime: '15:30', service: t('Nhi khoa', 'Paediatrics'), moves: [{ status: 3, reason: 'Khách báo bận' }] },
  ],
  albums: [
    {
      name: t('Khai trương cơ sở mới', 'Opening of the new branch'),
      seoLink: 'khai-truong-co-so-moi',
      thumbnail: 'event',
      isHomePage: true,
      photos: [
        { title: t('Cắt băng khai trương', 'Ribbon cutting'), image: 'event' },
        { title: t('Phòng khám tổng quát', 'General examination room'), image: 'checkup' },
        { title: t('Khu khám nhi', 'Children\'s area'), image: 'child' },
      ],
    },
    { name: t('Giới thiệu phòng khám', 'About the clinic'), seoLink: 'video-gioi-thieu', thumbnail: 'bannerClinic', videos: [{ title: t('Một vòng phòng khám', 'A tour of the clinic'), media: 'introVideo' }, { title: t('Bác sĩ chia sẻ', 'Our doctors speak'), youtube: 'dQw4w9WgXcQ' }] },
  ],
  advertisements: [
    { media: 'introVideo', type: 0 },
    { media: 'waitingMusic', type: 1 },
  ],
  waitingScreens: [
    { title: t('Sảnh chờ tầng 1', 'Ground floor lobby'), floor: 1, area: 1, background: 'bannerClinic', files: [{ image: 'checkup' }, { media: 'introVideo' }, { image: 'vaccine' }] },
    { title: t('Khu khám nhi tầng 2', 'Children\'s area, floor 2'), floor: 2, area: 3, background: 'child', files: [{ image: 'child' }, { media: 'waitingMusic' }] },
  ],
  services: [
    {
      type: 1,
      title: t('Khám sức khỏe tổng quát', 'General health check-up'),
      description: t('Gói khám toàn diện cho người lớn.', 'A complete check-up for adults.'),
      seoLink: 'kham-suc-khoe-tong-quat',
      image: 'checkup',
      unitPrice: 1200000,
      group: 0,
      reference: 0,
      faqs: [{ question: t('Có cần nhịn ăn không?', 'Do I need to fast?'), answer: t('<p>Nhịn ăn 8 giờ trước khi xét nghiệm máu.</p>', '<p>Fast for 8 hours before the blood test.</p>') }],
      titles: [{ title: t('Gói cơ bản', 'Basic package'), unitPrice: 1200000, items: [t('Khám nội', 'Internal exam'), t('Xét nghiệm máu', 'Blood test')] }],
    },
    { type: 1, title: t('Xét nghiệm máu', 'Blood test'), description: t('Kết quả trong ngày.', 'Results the same day.'), seoLink: 'xet-nghiem-mau', image: 'vaccine', unitPrice: 250000, group: 1, reference: 2, review: true },
    { type: 0, title: t('Tim mạch', 'Cardiology'), description: t('Khám và điều trị bệnh tim mạch.', 'Heart care.'), seoLink: 'chuyen-khoa-tim-mach', image: 'heart', reference: 1 },
    { type: 0, title: t('Nhi khoa', 'Paediatrics'), description: t('Chăm sóc sức khỏe trẻ em.', 'Health care for children.'), seoLink: 'chuyen-khoa-nhi', image: 'child', reference: 2 },
  ],
};

const SPA: DemoSite = {
  settings: {
    brand: t('Sitedesk Spa', 'Sitedesk Spa'),
    metaTitle: t('Sitedesk Spa – Thư giãn và chăm sóc da', 'Sitedesk Spa – Relaxation and skin care'),
    metaDescription: t('Chăm sóc da, massage trị liệu và liệu trình thư giãn giữa lòng thành phố.', 'Skin care, therapeutic massage and relaxing treatments in the city centre.'),
    hotline: '1900 7979',
    zaloId: '0909765432',
    fanpage: 'https://facebook.com/sitedesk.spa',
    logo: 'logoSpa',
    banner: 'bannerSpa',
  },
  categories: [
    { key: 'beauty', name: t('Làm đẹp', 'Beauty'), seoLink: 'lam-dep', isHomePage: true },
    { key: 'skin', parent: 'beauty', name: t('Chăm sóc da', 'Skin care'), seoLink: 'cham-soc-da', isHot: true },
    { key: 'acne', parent: 'skin', name: t('Trị mụn', 'Acne care'), seoLink: 'tri-mun' },
    { key: 'relax', name: t('Thư giãn', 'Relaxation'), seoLink: 'thu-gian', isHomePage: true },
    { key: 'massage', parent: 'relax', name: t('Massage', 'Massage'), seoLink: 'massage' },
    { key: 'offers', name: t('Ưu đãi', 'Offers'), seoLink: 'uu-dai' },
  ],
  sicks: [
    { key: 'acne', alphabet: t('M', 'A'), name: t('Mụn trứng cá', 'Acne'), seoLink: t('mun-trung-ca', 'acne'), description: t('Tình trạng viêm nang lông và tuyến bã.', 'Inflamed hair follicles and oil glands.'), isPrioritize: true },
    { key: 'melasma', alphabet: t('N', 'M'), name: t('Nám da', 'Melasma'), seoLink: t('nam-da', 'melasma'), description: t('Các mảng sắc tố sẫm màu trên da.', 'Dark patches of pigment on the skin.') },
    { key: 'dryskin', alphabet: t('K', 'D'), name: t('Khô da', 'Dry skin'), seoLink: t('kho-da', 'dry-skin'), description: t('Da thiếu ẩm, bong tróc.', 'Skin that lacks moisture and flakes.') },
    { key: 'backpain', alphabet: t('Đ', 'B'), name: t('Đau lưng', 'Back pain'), seoLink: t('dau-lung', 'back-pain'), description: t('Đau cơ vùng lưng do căng thẳng.', 'Muscle pain in the back from tension.') },
  ],
  news: [
    { title: t('Quy trình chăm sóc da 5 bước buổi tối', 'A five-step evening skin routine'), description: t('Làm sạch, cân bằng, dưỡng ẩm đúng thứ tự.', 'Cleanse, tone and moisturise in the right order.'), seoLink: t('cham-soc-da-5-buoc-buoi-toi', 'five-step-evening-routine'), image: 'spa', categories: ['skin'], sicks: ['dryskin'], tags: ['Chăm sóc da'], status: 2, isHot: true, isHomePage: true, daysAgo: 1 },
    { title: t('Massage đá nóng giúp giảm đau lưng', 'Hot stone massage for back pain'), description: t('Liệu pháp thư giãn cơ sâu.', 'A deep muscle relaxation therapy.'), seoLink: t('massage-da-nong-giam-dau-lung', 'hot-stone-massage-back-pain'), image: 'massage', categories: ['massage'], sicks: ['backpain'], tags: ['Massage'], status: 2, daysAgo: 3 },
    { title: t('Trị mụn an toàn tại spa', 'Safe acne treatment at the spa'), description: t('Những liệu trình phù hợp cho da mụn.', 'Treatments suited to acne-prone skin.'), seoLink: t('tri-mun-an-toan-tai-spa', 'safe-acne-treatment'), image: 'spa', categories: ['acne'], sicks: ['acne'], tags: ['Trị mụn'], status: 2, daysAgo: 5 },
    { title: t('Ưu đãi 20% liệu trình thư giãn cuối tuần', '20% off weekend relaxation treatments'), description: t('Áp dụng từ thứ Sáu đến Chủ nhật.', 'Friday to Sunday.'), seoLink: t('uu-dai-20-thu-gian-cuoi-tuan', 'weekend-relaxation-offer'), image: 'event', categories: ['offers'], tags: ['Ưu đãi'], status: 2, type: 1, daysAgo: 6 },
    { title: t('Chống nắng đúng cách mỗi ngày', 'Everyday sun protection done right'), description: t('Chọn và thoa kem chống nắng hiệu quả.', 'Choosing and applying sunscreen well.'), seoLink: t('chong-nang-dung-cach', 'everyday-sun-protection'), image: 'spa', categories: ['skin'], sicks: ['melasma'], tags: ['Chăm sóc da'], status: 2, daysAgo: 9 },
    { title: t('Nám da sau sinh: nguyên nhân và cách chăm sóc', 'Melasma after pregnancy: causes and care'), description: t('Hiểu về sắc tố da thay đổi sau sinh.', 'Understanding skin pigment changes after birth.'), seoLink: t('nam-da-sau-sinh', 'melasma-after-pregnancy'), image: 'spa', categories: ['skin'], sicks: ['melasma'], tags: ['Nám da'], status: 1, daysAgo: 0 },
    { title: t('Tinh dầu nào giúp ngủ ngon?', 'Which essential oils help you sleep?'), description: t('Oải hương, cam ngọt và gỗ đàn hương.', 'Lavender, sweet orange and sandalwood.'), seoLink: t('tinh-dau-giup-ngu-ngon', 'essential-oils-sleep'), image: 'massage', categories: ['relax'], tags: ['Thư giãn'], status: 1, daysAgo: 1 },
    { title: t('Chăm sóc da mùa hanh khô', 'Skin care in the dry season'), description: t('Giữ ẩm cho da khi thời tiết hanh khô.', 'Keeping skin moist when the air is dry.'), seoLink: t('cham-soc-da-mua-hanh-kho', 'dry-season-skin-care'), image: 'spa', categories: ['skin'], sicks: ['dryskin'], tags: ['Chăm sóc da'], status: 1, daysAgo: 2 },
    { title: t('Khai trương phòng xông hơi thảo dược', 'Our new herbal steam room'), description: t('Trải nghiệm miễn phí trong tuần đầu.', 'Free to try in the opening week.'), seoLink: t('khai-truong-phong-xong-hoi', 'new-herbal-steam-room'), image: 'event', categories: ['offers'], tags: ['Sự kiện'], status: 0, type: 1, daysAgo: 0 },
    { title: t('Massage cổ vai gáy cho dân văn phòng', 'Neck and shoulder massage for office workers'), description: t('Giải tỏa căng cơ sau giờ làm.', 'Easing tight muscles after work.'), seoLink: t('massage-co-vai-gay', 'neck-shoulder-massage'), image: 'massage', categories: ['massage'], sicks: ['backpain'], tags: ['Massage'], status: 0, daysAgo: 2 },
    { title: t('Mặt nạ tự làm từ mật ong', 'Home-made honey face masks'), description: t('Công thức đơn giản tại nhà.', 'Simple recipes to make at home.'), seoLink: t('mat-na-mat-ong', 'honey-face-masks'), image: 'food', categories: ['beauty'], tags: ['Làm đẹp'], status: 3, declineReason: 'Cần ghi chú cảnh báo dị ứng trước khi đăng.', daysAgo: 4 },
    { title: t('Tẩy tế bào chết bao lâu một lần?', 'How often should you exfoliate?'), description: t('Tần suất phù hợp cho từng loại da.', 'The right rhythm for each skin type.'), seoLink: t('tay-te-bao-chet-bao-lau', 'how-often-exfoliate'), image: 'spa', categories: ['skin'], tags: ['Chăm sóc da'], status: 3, declineReason: 'Trùng nội dung với bài đã đăng tháng trước.', daysAgo: 8 },
  ],
  menus: [
    {
      name: t('Menu chính', 'Main menu'),
      position: 0,
      items: [
        { name: t('Trang chủ', 'Home'), url: '/' },
        {
          name: t('Dịch vụ', 'Services'),
          url: '/dich-vu',
          children: [
            { name: t('Chăm sóc da', 'Skin care'), category: 'skin', children: [{ name: t('Trị mụn', 'Acne care'), category: 'acne' }] },
            { name: t('Massage', 'Massage'), category: 'massage' },
          ],
        },
        { name: t('Ưu đãi', 'Offers'), category: 'offers', children: [{ name: t('Thư giãn cuối tuần', 'Weekend relaxation'), news: 'uu-dai-20-thu-gian-cuoi-tuan' }] },
        { name: t('Liên hệ', 'Contact'), url: '/lien-he' },
      ],
    },
    {
      name: t('Menu chân trang', 'Footer menu'),
      position: 1,
      items: [
        { name: t('Về chúng tôi', 'About us'), url: '/ve-chung-toi', children: [{ name: t('Đội ngũ', 'Our team'), url: '/ve-chung-toi/doi-ngu' }] },
        { name: t('Chính sách bảo mật', 'Privacy policy'), url: '/chinh-sach-bao-mat' },
      ],
    },
  ],
  socialNetworks: [
    { name: t('Facebook', 'Facebook'), url: 'https://facebook.com/sitedesk.spa', order: 1 },
    { name: t('Instagram', 'Instagram'), url: 'https://instagram.com/sitedesk.spa', order: 2 },
    { name: t('TikTok', 'TikTok'), url: 'https://tiktok.com/@sitedesk.spa', order: 3 },
  ],
  branches: [
    { name: t('Spa Lê Lợi', 'Le Loi spa'), address: t('45 Lê Lợi, Quận 1, TP. Hồ Chí Minh', '45 Le Loi, District 1, Ho Chi Minh City'), workTime: '<p>9:00 – 21:00 mỗi ngày</p>', website: 'https://spa.sitedesk.vn', isDefault: true, isOffice: true, order: 1, contacts: [{ type: 1, value: '028 3823 7979' }, { type: 0, value: 'leloi@spa.sitedesk.vn' }] },
    { name: t('Spa Phú Mỹ Hưng', 'Phu My Hung spa'), address: t('20 Nguyễn Lương Bằng, Quận 7', '20 Nguyen Luong Bang, District 7'), workTime: '<p>9:00 – 20:00 mỗi ngày</p>', website: 'https://spa.sitedesk.vn/q7', order: 2, contacts: [{ type: 1, value: '028 5412 7979' }] },
  ],
  hardContents: [
    { name: t('Giờ mở cửa', 'Opening hours'), code: 'opening-hours', description: '<p>9:00 – 21:00 mỗi ngày</p>', order: 1, items: [{ name: t('Mỗi ngày', 'Every day'), description: t('9:00 – 21:00', '9 am – 9 pm') }] },
    { name: t('Quà tặng khách hàng mới', 'New customer gift'), code: 'welcome-gift', description: '<p>Tặng liệu trình chăm sóc da 30 phút.</p>', order: 2, items: [{ name: t('Chăm sóc da 30 phút', '30-minute facial'), description: t('Cho lần đầu đến spa.', 'On your first visit.') }] },
  ],
  faqGroups: [
    { name: t('Đặt lịch hẹn', 'Appointments'), description: t('Đặt và đổi lịch hẹn spa.', 'Booking and changing spa appointments.'), code: 'booking', seoLink: 'dat-lich-hen', isCustomer: true },
    { name: t('Thẻ thành viên', 'Membership'), description: t('Quyền lợi của thẻ thành viên.', 'What membership includes.'), code: 'membership', seoLink: 'the-thanh-vien', isCustomer: false },
  ],
  listCategories: {
    0: [
      { name: t('Chăm sóc da', 'Skin care'), seoLink: 'cham-soc-da' },
      { name: t('Massage trị liệu', 'Therapeutic massage'), seoLink: 'massage-tri-lieu' },
    ],
    1: [{ name: t('Làm đẹp', 'Beauty'), seoLink: 'lam-dep' }],
    2: [
      { name: t('Kỹ thuật viên', 'Therapist'), seoLink: 'ky-thuat-vien' },
      { name: t('Quản lý', 'Manager'), seoLink: 'quan-ly' },
    ],
    3: [{ name: t('Toàn thời gian', 'Full time'), seoLink: 'toan-thoi-gian' }],
  },
  banners: [
    {
      name: t('Trang chủ', 'Home page'),
      type: 2,
      position: 1,
      items: [
        { name: t('Ưu đãi chăm sóc da', 'Skin care offer'), image: 'bannerSpa' },
        { name: t('Massage thư giãn', 'Relaxing massage'), image: 'massage' },
      ],
    },
  ],
  faqs: [
    { group: 0, question: t('Tôi có cần đặt lịch trước không?', 'Do I need to book ahead?'), answer: t('<p>Nên đặt trước một ngày.</p>', '<p>Booking a day ahead is best.</p>') },
    { group: 1, question: t('Thẻ thành viên có thời hạn bao lâu?', 'How long is membership valid?'), answer: t('<p>12 tháng kể từ ngày mua.</p>', '<p>12 months from purchase.</p>') },
  ],
  partners: [
    { name: t('The Body Shop', 'The Body Shop'), description: t('Mỹ phẩm thiên nhiên', 'Natural cosmetics'), url: 'https://thebodyshop.com.vn' },
    { name: t('The Body Shop Tràm trà', 'The Body Shop Tea Tree'), description: t('Dòng sản phẩm tràm trà', 'Tea tree range'), url: 'https://thebodyshop.com.vn/tea-tree', parent: 0 },
  ],
  feedbacks: [
    { title: 'Đặt lại giờ hẹn', fullName: 'Nguyễn Văn An', email: 'An.Nguyen@Example.com', phoneNumber: '+84 912 345 678', serviceName: 'Massage trị liệu', content: 'Tôi xin đổi giờ hẹn massage sang buổi chiều.' },
    { title: 'Phòng xông hơi', fullName: 'Phạm Thu Trang', email: 'trang.pham@example.com', phoneNumber: '0938 777 888', serviceName: 'Massage trị liệu', content: 'Phòng xông hơi hơi nóng, mong điều chỉnh.' },
    { title: 'Nhân viên thân thiện', fullName: 'Đỗ Hải Yến', email: 'yen.do@example.com', phoneNumber: '0971 999 000', serviceName: 'Chăm sóc da mặt', content: 'Kỹ thuật viên rất nhẹ nhàng.', read: true },
  ],
  customerFeedbacks: [{ name: t('Chị Thảo', 'Ms Thao'), position: t('Nhân viên văn phòng', 'Office worker'), content: t('Da mịn hơn sau 3 buổi.', 'Smoother skin after 3 sessions.'), seoLink: 'chi-thao', rate: 5 }],
  jobs: [{ name: t('Kỹ thuật viên spa', 'Spa therapist'), seoLink: 'tuyen-ky-thuat-vien-spa', salaryRange: '8 – 12 triệu', quantity: 2, location: 'TP. Hồ Chí Minh' }],
  applications: [{ fullName: 'Mai Thị Hồng', phoneNumber: '0936 111 222', email: 'hong.mai@example.com', jobs: [0] }],
  bookings: [
    { customerName: 'Nguyễn Văn An', customerPhone: '+84 912 345 678', inDays: 2, startTime: '14:30', service: t('Massage trị liệu', 'Therapeutic massage') },
    { customerName: 'Lý Thanh Vân', customerPhone: '0946 111 222', inDays: 1, startTime: '09:00', service: t('Chăm sóc da mặt', 'Facial care') },
    { customerName: 'Quách Gia Huy', customerPhone: '0946 333 444', inDays: 3, startTime: '16:00', service: t('Massage trị liệu', 'Therapeutic massage'), moves: [{ status: 1 }] },
  ],
  albums: [
    { name: t('Không gian spa', 'Our spa'), seoLink: 'khong-gian-spa', thumbnail: 'spa', isHomePage: true, photos: [{ title: t('Phòng trị liệu', 'Treatment room'), image: 'massage' }, { title: t('Quầy lễ tân', 'Reception'), image: 'bannerSpa' }] },
    { name: t('Video liệu trình', 'Treatment videos'), seoLink: 'video-lieu-trinh', thumbnail: 'bannerSpa', videos: [{ title: t('Liệu trình chăm sóc da', 'A facial treatment'), media: 'introVideo' }] },
  ],
  advertisements: [{ media: 'waitingMusic', type: 1 }],
  waitingScreens: [{ title: t('Phòng chờ', 'Waiting room'), floor: 1, area: 0, background: 'bannerSpa', files: [{ image: 'spa' }, { media: 'waitingMusic' }] }],
  services: [
    {
      type: 1,
      title: t('Chăm sóc da mặt', 'Facial care'),
      description: t('Làm sạch sâu và dưỡng ẩm.', 'Deep cleansing and moisturising.'),
      seoLink: 'cham-soc-da-mat',
      image: 'spa',
      unitPrice: 450000,
      group: 0,
      faqs: [{ question: t('Liệu trình kéo dài bao lâu?', 'How long does it take?'), answer: t('<p>Khoảng 60 phút.</p>', '<p>About 60 minutes.</p>') }],
      titles: [{ title: t('Liệu trình 60 phút', '60-minute treatment'), unitPrice: 450000, items: [t('Tẩy trang', 'Make-up removal'), t('Đắp mặt nạ', 'Face mask')] }],
    },
    { type: 1, title: t('Massage trị liệu', 'Therapeutic massage'), description: t('Giảm căng cơ vai gáy.', 'Eases neck and shoulder tension.'), seoLink: 'massage-tri-lieu', image: 'massage', unitPrice: 600000, group: 1, review: true },
    { type: 0, title: t('Da liễu thẩm mỹ', 'Cosmetic dermatology'), description: t('Tư vấn chăm sóc da.', 'Skin care advice.'), seoLink: 'da-lieu-tham-my', image: 'spa', reference: 0 },
  ],
};

export const DEMO_SITES: Record<SiteKey, DemoSite> = { clinic: CLINIC, spa: SPA };

/**
 * The referral team (organisation-wide): collaborators in every status, each with the patients they referred.
 * A referral's `visit` is when the clinic completed it: `daysAgo` days before the seed runs, or day `dayOfLastMonth`
 * of the previous month, with its commission in dong; `paid` settles it (by day, or for the previous month).
 */
export interface DemoReferral {
  fullName: string;
  phoneNumber: string;
  /** 0 received, 2 unreachable, 3 cancelled, 4 appointment booked; a `visit` makes it 1 (completed) */
  status?: 0 | 2 | 3 | 4;
  visit?: { daysAgo?: number; dayOfLastMonth?: number; amount: number };
  paid?: 'day' | 'month';
}
export interface DemoCollaborator {
  fullName: string;
  phoneNumber: string;
  birthday: string;
  bankName: string;
  bankingNumber: string;
  objectName: string;
  state: 'pending' | 'active' | 'locked' | 'rejected';
  declineReason?: string;
  referrals?: DemoReferral[];
}

export const DEMO_TEAM: DemoCollaborator[] = [
  {
    fullName: 'Nguyễn Thị Mai',
    phoneNumber: '0901 234 567',
    birthday: '1990-04-12',
    bankName: 'Vietcombank',
    bankingNumber: '0071000123456',
    objectName: 'Điều dưỡng',
    state: 'active',
    referrals: [
      { fullName: 'Trần Văn Bình', phoneNumber: '0912 000 111', visit: { daysAgo: 1, amount: 200000 } },
      { fullName: 'Lê Thị Cúc', phoneNumber: '0912 000 222', visit: { daysAgo: 1, amount: 150000 } },
      { fullName: 'Phạm Văn Dũng', phoneNumber: '0912 000 333', visit: { daysAgo: 3, amount: 300000 }, paid: 'day' },
      { fullName: 'Hoàng Thị Em', phoneNumber: '0912 000 444', visit: { dayOfLastMonth: 5, amount: 250000 }, paid: 'month' },
      { fullName: 'Vũ Văn Phúc', phoneNumber: '0912 000 555', visit: { dayOfLastMonth: 18, amount: 100000 } },
      { fullName: 'Đặng Thị Giang', phoneNumber: '0912 000 666', status: 4 },
      { fullName: 'Bùi Văn Hải', phoneNumber: '0912 000 777', status: 0 },
    ],
  },
  {
    fullName: 'Trần Quốc Khánh',
    phoneNumber: '0902 345 678',
    birthday: '1985-09-02',
    bankName: 'Techcombank',
    bankingNumber: '19033445566',
    objectName: 'Dược sĩ',
    state: 'active',
    referrals: [
      { fullName: 'Nguyễn Văn An', phoneNumber: '0912-345-678' },
      { fullName: 'Ngô Thị Lan', phoneNumber: '0913 000 111', visit: { daysAgo: 2, amount: 180000 } },
      { fullName: 'Đỗ Văn Minh', phoneNumber: '0913 000 222', status: 2 },
      { fullName: 'Lý Thị Ngọc', phoneNumber: '0913 000 333', status: 3 },
    ],
  },
  { fullName: 'Lê Hoàng Long', phoneNumber: '0903 456 789', birthday: '1995-01-20', bankName: 'BIDV', bankingNumber: '31410000778899', objectName: 'Sinh viên y', state: 'pending' },
  { fullName: 'Phạm Thu Hà', phoneNumber: '0904 567 890', birthday: '1992-07-15', bankName: 'MB Bank', bankingNumber: '0680123456789', objectName: 'Nhân viên văn phòng', state: 'pending' },
  {
    fullName: 'Võ Minh Tâm',
    phoneNumber: '0905 678 901',
    birthday: '1988-11-30',
    bankName: 'ACB',
    bankingNumber: '2233445566',
    objectName: 'Kỹ thuật viên',
    state: 'locked',
    referrals: [{ fullName: 'Trịnh Văn Quang', phoneNumber: '0914 000 111', visit: { daysAgo: 6, amount: 120000 } }],
  },
  { fullName: 'Đinh Văn Sơn', phoneNumber: '0906 789 012', birthday: '1999-03-08', bankName: 'Agribank', bankingNumber: '1500205123456', objectName: 'Tự do', state: 'rejected', declineReason: 'Thông tin tài khoản ngân hàng không khớp họ tên' },
];

/**
 * Issue 42 ("What is left to translate"): FAQs of each website written in Vietnamese only, while the website had no
 * English yet (the seed turns English off for them and on again), so /translations has English to fill on each.
 */
export const DEMO_UNTRANSLATED_FAQS: Record<SiteKey, { question: string; answer: string }[]> = {
  clinic: [
    { question: 'Phòng khám có chỗ đỗ xe không?', answer: '<p>Có, bãi đỗ xe miễn phí ở tầng hầm.</p>' },
    { question: 'Tôi cần mang giấy tờ gì khi đi khám?', answer: '<p>Căn cước công dân và thẻ bảo hiểm y tế.</p>' },
  ],
  spa: [
    { question: 'Spa mở cửa vào Chủ nhật không?', answer: '<p>Có, từ 9 giờ đến 18 giờ.</p>' },
    { question: 'Có cần đặt lịch trước không?', answer: '<p>Nên đặt trước một ngày.</p>' },
  ],
};
