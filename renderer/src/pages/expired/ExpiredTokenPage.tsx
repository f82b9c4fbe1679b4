import { Result, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { pathOf, type FromState } from '../../core/returnTo';
import { session } from '../../session';

/**
 * /expiredToken (spec sections 2 and 8): says the token has expired, links to the login page,
 * and meanwhile tries the stored refresh token; when that works it goes back where the user was.
 * When it does not, the session is cleared (both cookies, local storage) so /login starts clean.
 */
export default function ExpiredTokenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const [renewing, setRenewing] = useState(true);

  useEffect(() => {
    let alive = true;
    session
      .refresh()
      .catch(() => null)
      .then(async (token) => {
        if (!alive) return;
        if (token) {
          navigate(pathOf(from), { replace: true });
        } else {
          await session.clear().catch(() => undefined);
          if (alive) setRenewing(false);
        }
      });
    return () => {
      alive = false;
    };
  }, [from, navigate]);

  return (
    <Result
      status="warning"
      title={t('expired.message')}
      subTitle={
        renewing ? (
          <Space>
            <Spin size="small" />
            {t('expired.renewing')}
          </Space>
        ) : null
      }
      extra={
        <Link to="/login" replace state={{ from } satisfies FromState}>
          {t('expired.goToLogin')}
        </Link>
      }
    />
  );
}
