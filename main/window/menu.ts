/** The native application menu: Edit (copy/paste), View (reload, zoom) and Help. */
export interface MenuItem {
  label?: string;
  role?: string;
  type?: 'separator';
  accelerator?: string;
  submenu?: MenuItem[];
  click?: () => void;
}

export interface MenuDeps {
  isMac: boolean;
  appName: string;
  openExternal: (url: string) => void;
  checkForUpdates: () => void;
  helpUrl: string;
}

export function buildMenuTemplate(deps: MenuDeps): MenuItem[] {
  const separator: MenuItem = { type: 'separator' };
  return [
    ...(deps.isMac
      ? [
          {
            label: deps.appName,
            submenu: [{ role: 'about' }, separator, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, separator, { role: 'quit' }],
          },
        ]
      : [{ label: 'File', submenu: [{ role: 'quit' }] }]),
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        separator,
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        ...(deps.isMac ? [{ role: 'pasteAndMatchStyle' }] : []),
        { role: 'delete' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        separator,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'window', label: 'Window', submenu: [{ role: 'minimize' }, { role: 'close' }] },
    {
      role: 'help',
      label: 'Help',
      submenu: [
        { label: 'Sitedesk documentation', click: () => deps.openExternal(deps.helpUrl) },
        { label: 'Check for updates', click: deps.checkForUpdates },
      ],
    },
  ];
}
