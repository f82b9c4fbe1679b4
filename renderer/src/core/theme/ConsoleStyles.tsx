import { theme } from 'antd';
import { readableOn } from './readable';

/**
 * The few rules antd's tokens cannot express (issue 42), as one style element that follows the theme.
 *
 * Keyboard focus that can be seen in every theme (issue 42). antd draws it in the primary's lightest border shade
 * (barely 1.5:1 on a dark page) and not at all on links — the side navigation's entries are links. One rule, in a
 * primary shade readable on the page, for everything the Tab key reaches; inside the navigation it is drawn inset,
 * so its scrolling area does not cut it. The skip link (app/layout/SkipLink.tsx) is hidden until it has the focus.
 *
 * A list's toolbar (ProTable's) keeps its buttons and filters on one line and ran past the screen at 1024 px (the
 * audit log's five filters): they wrap instead.
 *
 * rc-table measures column widths in a hidden row (aria-hidden) that repeats each column's title: on a list with row
 * selection that is a second "select all" checkbox, which the Tab key could reach inside hidden content
 * (axe aria-hidden-focus). It keeps its size for the measure but cannot take the focus.
 */
export function ConsoleStyles() {
  const { token } = theme.useToken();
  const ring = readableOn(token, token.colorBgContainer);
  const css = `
:is(a, button, input[type="checkbox"], input[type="radio"], [role="button"], [role="menuitem"], [role="tab"], [role="switch"], [tabindex]):focus-visible {
  outline: 2px solid ${ring} !important;
  outline-offset: 1px !important;
}
:is(.ant-menu-item, .ant-menu-submenu-title, .ant-menu a):focus-visible { outline-offset: -2px !important; }
.sd-skip-link { position: fixed; left: 8px; top: -100px; z-index: 2000; padding: 8px 16px; border-radius: ${token.borderRadius}px;
  background: ${token.colorBgElevated}; color: ${token.colorText}; box-shadow: ${token.boxShadowSecondary}; }
.sd-skip-link:focus { top: 8px; }
/* The search panel's "Mở rộng / Thu gọn" is a link drawn in the primary colour: the link colour reads (./readable.ts). */
a.ant-pro-query-filter-collapse-button { color: ${token.colorLink}; }
.ant-table-measure-row :is(input, button, a, [tabindex]) { visibility: hidden; }
.ant-pro-table-list-toolbar-right { min-width: 0; }
.ant-pro-table-list-toolbar-right > div:not([class]) { flex-wrap: wrap; justify-content: flex-end; min-width: 0; }
`;
  return <style data-testid="console-styles">{css}</style>;
}
