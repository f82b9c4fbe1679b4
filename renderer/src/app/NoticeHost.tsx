import { message } from 'antd';
import { useEffect } from 'react';
import { NOTICE_SECONDS, setNoticeInstance } from './notices';

/** antd's hook-based message API (it follows the theme), configured once: 3 s, top. */
export default function NoticeHost() {
  const [api, holder] = message.useMessage({ top: 24, duration: NOTICE_SECONDS, maxCount: 3 });
  useEffect(() => {
    setNoticeInstance(api);
    return () => setNoticeInstance(null);
  }, [api]);
  return holder;
}
