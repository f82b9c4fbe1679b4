import { Space, theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The save buttons of a form, kept in reach: the bar sticks to the bottom of the window while the form is longer
 * than the screen, and sits under the last field once it is scrolled into view (it never covers a field).
 */
export function FormFooter({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      data-testid="form-footer"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        marginTop: token.marginLG,
        marginInline: -token.paddingLG,
        marginBottom: -token.paddingLG,
        padding: `${token.paddingSM}px ${token.paddingLG}px`,
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        borderEndStartRadius: token.borderRadiusLG,
        borderEndEndRadius: token.borderRadiusLG,
      }}
    >
      <Space wrap>{children}</Space>
    </div>
  );
}
