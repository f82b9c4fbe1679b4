import { HistoryOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Popover, Tooltip } from 'antd';
import { useRef, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NEWS_STATUS } from '../../../../shared/editorial';
import type { ResourceDef } from '../../../../shared/resources/define';
import { SERVICE_REFERENCE, SERVICE_TYPE, SPECIALIZATION_LABEL, service } from '../../../../shared/resources/service';
import { l } from '../../../../shared/resources/define';
import { ResourceEditPage, ResourceListPage } from '../../resources/ResourcePages';
import { historyOf, StatusHistory, StatusMoves, StatusTag } from '../../resources/machine';

type ServiceType = (typeof SERVICE_TYPE)[keyof typeof SERVICE_TYPE];
/** The review machine of services (shared/resources/review.ts). */
const REVIEW = service.machines[0];

/**
 * /service-website (type 1) and /specialization (type 0): the one service definition seen as either type — its list
 * filtered by type, its routes, and `referenceId` pointing to the hospital's services (type 1) or departments
 * (type 0). The editor adds the review of news and Q&A: "Lưu và gửi duyệt", the lock while pending, the decision.
 */
function serviceDefOf(type: ServiceType): ResourceDef {
  if (type === SERVICE_TYPE.service) return service;
  return {
    ...service,
    // Its own name: the labels of a definition are looked up by name (the title, "Khoa phòng").
    name: 'specialization',
    label: SPECIALIZATION_LABEL,
    fields: service.fields.map((f) => (f.name === 'referenceId' ? { ...f, label: l('Khoa phòng', 'Department'), reference: SERVICE_REFERENCE[type] } : f)),
    routes: { list: '/specialization', add: '/specialization/add', edit: '/specialization/:serviceId' },
    // The extra panel of the specialization editor: titles with their image (the spec's second title form).
    children: [...(service.children ?? []), { resource: 'serviceTitleImage', label: l('Tiêu đề kèm ảnh', 'Titles with images') }],
  };
}

function ServiceEditor({ type }: { type: ServiceType }) {
  const { t } = useTranslation('resources');
  // Which button saved: the body says whether it asks for review (read when the body is built).
  const review = useRef(false);
  const def = serviceDefOf(type);
  return (
    <ResourceEditPage
      def={def}
      adapter={{ toBody: (body) => ({ ...body, type, isApproveFlag: review.current }) }}
      lockedReason={(record) => (record?.approvedStatus === NEWS_STATUS.pending ? t('service.pendingLocked') : undefined)}
      footer={({ record, isUpdate, saving, loading, locked, save, reload }) => (
        <>
          <Tooltip title={locked ?? t('service.saveApproveHelp')}>
            <Button
              icon={<SendOutlined />}
              loading={saving}
              disabled={loading || Boolean(locked)}
              onClick={async () => {
                review.current = true;
                try {
                  await save();
                } finally {
                  review.current = false;
                }
              }}
            >
              {t('service.saveApprove')}
            </Button>
          </Tooltip>
          {isUpdate && record && <StatusMoves def={def} record={record} onMoved={reload} unavailable="disable" />}
          {record && <StatusTag machine={REVIEW} record={record} />}
          {record?.approvedStatus === NEWS_STATUS.declined && typeof record.declineReason === 'string' && (
            <Alert type="error" showIcon message={t('service.declined', { reason: record.declineReason })} />
          )}
          {historyOf(record).length > 0 && (
            <Popover trigger="click" content={<StatusHistory machine={REVIEW} entries={historyOf(record)} />}>
              <Button icon={<HistoryOutlined />}>{t('machine.history')}</Button>
            </Popover>
          )}
        </>
      )}
    />
  );
}

const screens = new Map<string, ComponentType>();
function screen(key: string, make: () => ComponentType): ComponentType {
  if (!screens.has(key)) screens.set(key, make());
  return screens.get(key)!;
}

/** The list of one type. */
export const serviceList = (type: ServiceType): ComponentType =>
  screen(`list-${type}`, () => () => <ResourceListPage def={serviceDefOf(type)} params={{ type }} />);

/** The editor of one type. */
export const serviceEdit = (type: ServiceType): ComponentType => screen(`edit-${type}`, () => () => <ServiceEditor type={type} />);

/** The services' screens (type 1), which the service definition names (shared/resources/service.ts `screen`). */
export const ServiceListPage = serviceList(1);
export const ServiceEditPage = serviceEdit(1);
