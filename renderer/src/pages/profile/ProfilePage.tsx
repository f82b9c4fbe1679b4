import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session';
import TwoFactorCard from './TwoFactorCard';

/** /profile: the signed-in user as `GET /core/AppSettings` answered (loaded by the layout's token check). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <>
      <Card title={t('profile.title')} style={{ marginBottom: 16 }}>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t('profile.id')}>{user ? String(user.id) : ''}</Descriptions.Item>
          <Descriptions.Item label={t('profile.userName')}>{user?.userName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('profile.fullName')}>{user?.fullName ?? ''}</Descriptions.Item>
        </Descriptions>
      </Card>
      <TwoFactorCard />
    </>
  );
}
