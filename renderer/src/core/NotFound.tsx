import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * "Not found" inside the shell, with a way back: an unknown address (back to the dashboard) or a record that does
 * not exist in this website (back to its list).
 */
export function NotFound({ title, subTitle, backTo = '/', backLabel }: { title?: string; subTitle?: string; backTo?: string; backLabel?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={title ?? t('notFound.title')}
      subTitle={subTitle ?? t('notFound.page')}
      extra={
        <Button type="primary" onClick={() => navigate(backTo)}>
          {backLabel ?? t('notFound.toDashboard')}
        </Button>
      }
    />
  );
}

/** The route for any address the console does not have. */
export default function NotFoundPage() {
  return <NotFound />;
}
