// Demo content of the editorial area (SEED_DEMO=1, on an empty database): a few expert questions per
// website, some answered, so the Q&A list is not empty.
import { randomUUID } from 'node:crypto';
import { iso } from '../db/dialect';
import { searchTextOf, type Db } from '../editorial/common';
import '../editorial/tables';

const QUESTIONS = [
  {
    fullName: 'Nguyễn Văn An',
    email: 'an.nguyen@example.com',
    phoneNumber: '0903 123 456',
    serviceName: 'Khám tổng quát',
    title: { 'vi-VN': 'Bao lâu nên khám sức khỏe tổng quát một lần?', 'en-US': 'How often should I have a general check-up?' },
    content: { 'vi-VN': 'Tôi 35 tuổi, chưa có bệnh nền. Bao lâu nên đi khám tổng quát?', 'en-US': 'I am 35 with no conditions. How often should I get a check-up?' },
    answer: { 'vi-VN': '<p>Người trưởng thành khỏe mạnh nên khám tổng quát mỗi năm một lần.</p>', 'en-US': '<p>Healthy adults should have a general check-up once a year.</p>' },
    seoLink: { 'vi-VN': 'bao-lau-nen-kham-suc-khoe-tong-quat', 'en-US': 'how-often-general-check-up' },
    approvedStatus: 2,
  },
  {
    fullName: 'Trần Thị Bình',
    email: 'binh.tran@example.com',
    phoneNumber: '0912 345 678',
    serviceName: 'Tim mạch',
    title: { 'vi-VN': 'Đau ngực khi leo cầu thang có nguy hiểm không?', 'en-US': 'Is chest pain when climbing stairs dangerous?' },
    content: { 'vi-VN': 'Gần đây tôi hay bị đau ngực khi leo cầu thang.', 'en-US': 'Lately I get chest pain when climbing stairs.' },
    answer: {},
    seoLink: {},
    approvedStatus: 0,
  },
  {
    fullName: 'Lê Hoàng Cường',
    email: 'cuong.le@example.com',
    phoneNumber: '0987 654 321',
    serviceName: 'Nhi khoa',
    title: { 'vi-VN': 'Trẻ sốt bao nhiêu độ thì cần đưa đi khám?', 'en-US': 'At what temperature should a child see a doctor?' },
    content: { 'vi-VN': 'Con tôi 2 tuổi, sốt 38,5 độ từ tối qua.', 'en-US': 'My 2-year-old has had a 38.5 °C fever since last night.' },
    answer: {},
    seoLink: {},
    approvedStatus: 0,
  },
];

export async function seedEditorialDemo(db: Db, now: Date): Promise<void> {
  const at = iso(now);
  const websites = await db.selectFrom('websites').select('id').orderBy('id').execute();
  for (const { id: websiteId } of websites) {
    for (const q of QUESTIONS) {
      await db
        .insertInto('qa_questions')
        .values({
          websiteId,
          fullName: q.fullName,
          email: q.email,
          phoneNumber: q.phoneNumber,
          serviceName: q.serviceName,
          serviceId: null,
          image: q.approvedStatus ? '/files/demo/qa.jpg' : null,
          title: JSON.stringify(q.title),
          content: JSON.stringify(q.content),
          answer: JSON.stringify(q.answer),
          seoLink: JSON.stringify(q.seoLink),
          tags: null,
          isAnswer: Object.keys(q.answer).length > 0,
          approvedStatus: q.approvedStatus,
          declineReason: null,
          searchText: searchTextOf([q.fullName, q.email, q.phoneNumber, ...Object.values(q.title)]),
          concurrencyStamp: randomUUID(),
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
  }
}
