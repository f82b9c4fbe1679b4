import { FileOutlined, FileTextOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Result, Row, Skeleton, Statistic, Tooltip, Typography, theme } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cmsApi, errorMessage } from '../../api/client';
import { useWorkspace } from '../../core/workspace';
import { formatBytes } from '../../features/files/fileTypes';

/** GET /api/Dashboard/{website}: counts of the website's records (server/dashboard/routes.ts). */
interface Figures {
  news: Record<'draft' | 'pending' | 'approved' | 'declined' | 'total', number>;
  qa: Record<'pending' | 'approved' | 'total' | 'unanswered', number>;
  files: { count: number; bytes: number };
}

const NEWS_STATUSES = [
  { key: 'pending', status: 1, color: 'colorWarning' },
  { key: 'draft', status: 0, color: 'colorTextTertiary' },
  { key: 'approved', status: 2, color: 'colorSuccess' },
  { key: 'declined', status: 3, color: 'colorError' },
] as const;

/**
 * / : the current website's figures, every one counted from the records, each a link to the filtered list
 * behind it. A figure with no records behind it (site visits: nothing counts them) is not shown at all.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { websiteId } = useWorkspace();
  const [state, setState] = useState<{ figures?: Figures; error?: string }>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (websiteId === null) return;
    let alive = true;
    cmsApi.get<{ data: Figures }>(`Dashboard/${websiteId}`).then(
      (res) => alive && setState({ figures: res.data.data }),
      (error: unknown) => alive && setState({ error: errorMessage(error) }),
    );
    return () => {
      alive = false;
    };
  }, [websiteId, attempt]);

  const { figures, error } = state;
  const number = (n: number) => n.toLocaleString(i18n.language);
  let body: ReactNode;
  if (error) {
    body = (
      <Result
        status="error"
        title={t('dashboard.loadFailed')}
        subTitle={error}
        extra={
          <Button
            type="primary"
            onClick={() => {
              setState({});
              setAttempt((n) => n + 1);
            }}
          >
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!figures) {
    body = (
      <Row gutter={[16, 16]} aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Col key={i} xs={24} lg={8}>
            <Card>
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  } else {
    body = (
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={<CardTitle icon={<FileTextOutlined />} text={t('dashboard.news')} to="/news" total={number(figures.news.total)} />}>
            <Row gutter={[12, 12]}>
              {NEWS_STATUSES.map(({ key, status }) => (
                <Col key={key} xs={12} sm={6}>
                  <Figure to={`/news?status=${status}`} title={t(`dashboard.newsStatus.${key}`)} value={number(figures.news[key])} />
                </Col>
              ))}
            </Row>
            <StatusBar news={figures.news} label={(key) => t(`dashboard.newsStatus.${key}`)} number={number} />
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card
            title={<CardTitle icon={<QuestionCircleOutlined />} text={t('dashboard.qa')} to="/expert-question-and-answer" total={number(figures.qa.total)} />}
          >
            <Row gutter={[12, 12]}>
              <Col span={12}>
                <Figure to="/expert-question-and-answer?answered=false" title={t('dashboard.qaUnanswered')} value={number(figures.qa.unanswered)} />
              </Col>
              <Col span={12}>
                <Figure to="/expert-question-and-answer?status=1" title={t('dashboard.qaPending')} value={number(figures.qa.pending)} />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card title={<CardTitle icon={<FileOutlined />} text={t('dashboard.files')} to="/file" />}>
            <Row gutter={[12, 12]}>
              <Col span={12}>
                <Figure to="/file" title={t('dashboard.fileCount')} value={number(figures.files.count)} />
              </Col>
              <Col span={12}>
                <Figure to="/file" title={t('dashboard.storage')} value={formatBytes(figures.files.bytes)} />
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
    );
  }

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('dashboard.title')}
      </Typography.Title>
      {body}
    </>
  );
}

function CardTitle({ icon, text, to, total }: { icon: ReactNode; text: string; to: string; total?: string }) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" gap={8}>
      <Link to={to}>
        {icon} {text}
      </Link>
      {total !== undefined && <Typography.Text type="secondary">{t('dashboard.total', { n: total })}</Typography.Text>}
    </Flex>
  );
}

/** One figure, the whole tile a link to the records it counts. */
function Figure({ to, title, value }: { to: string; title: string; value: string }) {
  const { token } = theme.useToken();
  return (
    <Link to={to} aria-label={`${title}: ${value}`} style={{ display: 'block', color: 'inherit', padding: 8, borderRadius: token.borderRadius, border: `1px solid ${token.colorBorderSecondary}` }}>
      <Statistic title={title} value={value} />
    </Link>
  );
}

/** News by status as one proportional bar (no chart library: the dashboard stays light). */
function StatusBar({ news, label, number }: { news: Figures['news']; label: (key: string) => string; number: (n: number) => string }) {
  const { token } = theme.useToken();
  if (!news.total) return null;
  return (
    <div style={{ display: 'flex', height: 10, borderRadius: 5, overflow: 'hidden', marginTop: 16 }} role="img" aria-label={NEWS_STATUSES.map(({ key }) => `${label(key)}: ${number(news[key])}`).join(', ')}>
      {NEWS_STATUSES.filter(({ key }) => news[key] > 0).map(({ key, color }) => (
        <Tooltip key={key} title={`${label(key)}: ${number(news[key])}`}>
          <div style={{ flex: news[key], background: token[color] }} />
        </Tooltip>
      ))}
    </div>
  );
}
