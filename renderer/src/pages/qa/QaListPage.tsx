import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NEWS_STATUS_OPTIONS, qaDef } from '../../../../shared/editorial';
import { ReviewedListPage } from '../../features/editorial/ReviewedListPage';
import { DateTimeCell } from '../../resources/columns';
import { currentUi } from '../../resources/labels';

/**
 * /expert-question-and-answer: the visitors' questions, newest first, on the list of reviewed items, with keyword,
 * answered and status filters (?answered=false, ?status=1: the dashboard links there). The info button or a
 * double-click opens the answer editor; the add button opens the same editor for a question staff add with its answer
 * (/expert-question-and-answer/add); approve / decline beside info and delete, for the users allowed to review.
 */
export default function QaListPage() {
  const { t } = useTranslation(['qa', 'resources']);
  return (
    <ReviewedListPage
      def={qaDef}
      title={t('qa:title')}
      filters={[
        {
          name: 'answered',
          kind: 'bool',
          param: 'isAnswer',
          label: t('qa:answeredFilter'),
          width: 160,
          options: [
            { value: true, label: t('qa:answeredYes') },
            { value: false, label: t('qa:answeredNo') },
          ],
        },
        { name: 'status', kind: 'int', param: 'approvedStatus', label: t('qa:statusFilter'), width: 160, options: NEWS_STATUS_OPTIONS.map((o) => ({ value: o.value as number, label: o.label[currentUi()] })) },
      ]}
      after={[
        {
          key: 'isAnswer',
          title: t('qa:answered'),
          render: (_, row) => (row.isAnswer ? <Tag color="green">{t('qa:answeredYes')}</Tag> : <Tag>{t('qa:answeredNo')}</Tag>),
        },
        { key: 'createTime', title: t('qa:createTime'), render: (_, row) => <DateTimeCell value={row.createTime} /> },
      ]}
    />
  );
}
