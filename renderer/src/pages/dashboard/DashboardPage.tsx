import { Card, Col, Row, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenFallback } from '../../app/lazyScreen';
import { totals } from './demoData';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

/** / : sample charts on fixed demo data (spec section 1). */
export default function DashboardPage() {
  const { t } = useTranslation();
  const figures = [
    ['totalVisits', totals.visits],
    ['totalBookings', totals.bookings],
    ['publishedNews', totals.publishedNews],
    ['pendingNews', totals.pendingNews],
  ] as const;
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('dashboard.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.demoNote')}</Typography.Paragraph>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {figures.map(([key, value]) => (
          <Col key={key} xs={24} sm={12} xl={6}>
            <Card>
              <Statistic title={t(`dashboard.${key}`)} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Suspense fallback={<ScreenFallback />}>
        <DashboardCharts />
      </Suspense>
    </>
  );
}
