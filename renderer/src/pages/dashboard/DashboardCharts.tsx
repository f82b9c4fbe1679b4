import { Card, Col, Row, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthlyTraffic, newsByCategory, trafficSources } from './demoData';

/** The charts, in their own chunk (recharts is large and only the dashboard needs it). */
export default function DashboardCharts() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const palette = [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError, token.colorInfo];
  const axis = { stroke: token.colorTextSecondary, fontSize: 12 };
  const tooltip = { contentStyle: { background: token.colorBgElevated, border: `1px solid ${token.colorBorder}` } };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card title={t('dashboard.visits')}>
          <ResponsiveContainer width="100%" height={280}>
            <AreaChart data={monthlyTraffic}>
              <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
              <XAxis dataKey="month" {...axis} />
              <YAxis {...axis} />
              <Tooltip {...tooltip} />
              <Legend />
              <Area type="monotone" dataKey="visits" name={t('dashboard.visits')} stroke={palette[0]} fill={palette[0]} fillOpacity={0.25} />
              <Area type="monotone" dataKey="bookings" name={t('dashboard.bookings')} stroke={palette[1]} fill={palette[1]} fillOpacity={0.25} />
            </AreaChart>
          </ResponsiveContainer>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('dashboard.trafficSources')}>
          <ResponsiveContainer width="100%" height={280}>
            <PieChart>
              <Pie data={trafficSources} dataKey="value" nameKey="source" innerRadius={60} outerRadius={100} label>
                {trafficSources.map((entry, index) => (
                  <Cell key={entry.source} fill={palette[index % palette.length]} />
                ))}
              </Pie>
              <Tooltip {...tooltip} />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('dashboard.newsByCategory')}>
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={newsByCategory}>
              <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
              <XAxis dataKey="category" {...axis} />
              <YAxis {...axis} />
              <Tooltip {...tooltip} />
              <Bar dataKey="count" fill={palette[0]} />
            </BarChart>
          </ResponsiveContainer>
        </Card>
      </Col>
    </Row>
  );
}
