import { message, Modal } from 'antd';
import { useEffect } from 'react';
import { setDialogInstance } from './dialogs';
import { NOTICE_SECONDS, setNoticeInstance } from './notices';

/**
 * antd's hook-based message and modal APIs (they follow the theme, unlike the static ones), configured once:
 * notices 3 s at the top; confirm dialogs through app/dialogs.ts.
 */
export default function NoticeHost() {
  const [api, holder] = message.useMessage({ top: 24, duration: NOTICE_SECONDS, maxCount: 3 });
  const [modal, modalHolder] = Modal.useModal();
  useEffect(() => {
    setNoticeInstance(api);
    return () => setNoticeInstance(null);
  }, [api]);
  useEffect(() => {
    setDialogInstance(modal);
    return () => setDialogInstance(null);
  }, [modal]);
  return (
    <>
      {holder}
      {modalHolder}
    </>
  );
}
