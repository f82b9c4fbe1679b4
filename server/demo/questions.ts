// Demo content of the editorial area (SEED_DEMO=1, on an empty database): a few expert questions per
// website, some answered, so the Q&A list is not empty.
import { randomUUID } from 'node:crypto';
import { iso } from '../db/dialect';
import { searchTextOf, type Db } from '../editorial/common';
import '../editorial/tables';
import { t, type Text } from './content';

/** A visitor's question; the answered ones (an answer and its SEO link) are approved, the others wait as drafts. */
interface DemoQuestion {
  fullName: string;
  email: string;
  phoneNumber: string;
  serviceName: string;
  title: Text;
  content: Text;
  answer?: Text;
  seoLink?: Text;
}

const QUESTIONS: DemoQuestion[] = [
  {
    fullName: 'Nguyễn Văn An',
    email: 'an.nguyen@example.com',
    phoneNumber: '0912 345 678',
    serviceName: 'Khám tổng quát',
    title: t('Bao lâu nên khám sức khỏe tổng quát một lần?', 'How often should I have a general check-up?'),
    content: t('Tôi 35 tuổi, chưa có bệnh nền. Bao lâu nên đi khám tổng quát?', 'I am 35 with no conditions. How often should I get a check-up?'),
    answer: t('<p>Người trưởng thành khỏe mạnh nên khám tổng quát mỗi năm một lần.</p>', '<p>Healthy adults should have a general check-up once a year.</p>'),
    seoLink: t('bao-lau-nen-kham-suc-khoe-tong-quat', 'how-often-general-check-up'),
  },
  { fullName: 'Trần Thị Bình', email: 'binh.tran@example.com', phoneNumber: '0912 678 345', serviceName: 'Tim mạch', title: t('Đau ngực khi leo cầu thang có nguy hiểm không?', 'Is chest pain when climbing stairs dangerous?'), content: t('Gần đây tôi hay bị đau ngực khi leo cầu thang.', 'Lately I get chest pain when climbing stairs.') },
  { fullName: 'Lê Hoàng Cường', email: 'cuong.le@example.com', phoneNumber: '0987 654 321', serviceName: 'Nhi khoa', title: t('Trẻ sốt bao nhiêu độ thì cần đưa đi khám?', 'At what temperature should a child see a doctor?'), content: t('Con tôi 2 tuổi, sốt 38,5 độ từ tối qua.', 'My 2-year-old has had a 38.5 °C fever since last night.') },
];

/** Answers the questions it wrote (their history's create entries are the start-up's: server/bootstrap.ts). */
export async function seedEditorialDemo(db: Db, now: Date): Promise<{ websiteId: number; id: number }[]> {
  const at = iso(now);
  const written: { websiteId: number; id: number }[] = [];
  const websites = await db.selectFrom('websites').select('id').orderBy('id').execute();
  for (const { id: websiteId } of websites) {
    for (const q of QUESTIONS) {
      const row = await db
        .insertInto('qa_questions')
        .values({
          websiteId,
          fullName: q.fullName,
          email: q.email,
          phoneNumber: q.phoneNumber,
          serviceName: q.serviceName,
          serviceId: null,
          image: q.answer ? '/files/demo/qa.jpg' : null,
          title: JSON.stringify(q.title),
          content: JSON.stringify(q.content),
          answer: JSON.stringify(q.answer ?? {}),
          seoLink: JSON.stringify(q.seoLink ?? {}),
          tags: null,
          isAnswer: q.answer !== undefined,
          approvedStatus: q.answer ? 2 : 0,
          declineReason: null,
          searchText: searchTextOf([q.fullName, q.email, q.phoneNumber, ...Object.values(q.title)]),
          concurrencyStamp: randomUUID(),
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      written.push({ websiteId, id: row.id });
    }
  }
  return written;
}
