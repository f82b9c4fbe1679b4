import { Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session';
import { ChangePasswordCard } from './ChangePasswordCard';
import { SessionsCard } from './SessionsCard';
import TwoFactorCard from './TwoFactorCard';

/**
 * /profile: the signed-in user as `GET /core/AppSettings` answered (loaded by the layout's token check), then the
 * cards of your own account, each a component of this folder (issue 39): the password, the sessions (and the second
 * factor's card beside them).
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('profile.title')}>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t('profile.id')}>{user ? String(user.id) : ''}</Descriptions.Item>
          <Descriptions.Item label={t('profile.userName')}>{user?.userName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('profile.fullName')}>{user?.fullName ?? ''}</Descriptions.Item>
        </Descriptions>
      </Card>
      <ChangePasswordCard />
      <SessionsCard />
      <TwoFactorCard />
    </Space>
  );
}
