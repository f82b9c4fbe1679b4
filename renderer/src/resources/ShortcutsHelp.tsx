import { Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS, useHelpShortcut } from './shortcuts';

/** The shortcuts list `?` opens over any screen (./shortcuts.ts); Esc or its button closes it. */
export function ShortcutsHelp() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useHelpShortcut(() => setOpen(true));
  // Esc closes it wherever the focus is (antd's Modal hears Esc only once the focus has moved into it).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <Modal open={open} title={t('shortcuts.title')} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
      <table data-testid="shortcuts-help" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          {SHORTCUTS.map(({ keys, label }) => (
            <tr key={label}>
              <th scope="row" style={{ textAlign: 'start', padding: '6px 16px 6px 0', whiteSpace: 'nowrap', fontWeight: 'normal' }}>
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' / '}
                    <Typography.Text keyboard>{k}</Typography.Text>
                  </span>
                ))}
              </th>
              <td style={{ padding: '6px 0' }}>{t(label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
