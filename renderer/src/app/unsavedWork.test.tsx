import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDesktopPlatform } from '../../platform/desktop';
import { FakeAuthService } from '../../../tests/renderer/fakeAuthService';
import { serviceClient } from '../api/client';
import { initI18n } from '../core/i18n';
import { SettingsScreen } from '../pages/settings/SettingsPage';
import { UpdateControl } from './layout/UpdateControl';
import { FieldWidgetsContext } from '../resources/widgets';
import { fieldWidgets } from './fieldWidgets';
import { hasUnsavedWork, registerUnsavedWork, restartForUpdate, unsavedWork } from '../core/unsavedWork';

beforeAll(async () => {
  // antd's responsive parts ask for media queries, which jsdom lacks.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  await initI18n('vi-VN');
});
afterEach(cleanup);
// Rendering antd and ProForm in jsdom is slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

describe('unsaved-work registry', () => {
  it('lists the dirty forms by name, reading them when asked, and forgets a form that is gone', async () => {
    let newsDirty = false;
    let menuDirty = false;
    const offNews = registerUnsavedWork(() => 'Tin tức #12', () => newsDirty);
    const offMenu = registerUnsavedWork(() => 'Menu', () => menuDirty);
    expect(unsavedWork()).toEqual([]);
    expect(hasUnsavedWork()).toBe(false);
    newsDirty = true;
    menuDirty = true;
    expect(unsavedWork()).toEqual(['Tin tức #12', 'Menu']);
    offNews();
    expect(unsavedWork()).toEqual(['Menu']);

    // The restart rule: main is told there is unsaved work, and the caller learns what it is.
    const asked: boolean[] = [];
    const updates = { restart: async (hasUnsaved: boolean) => (asked.push(hasUnsaved), { restarting: !hasUnsaved }) };
    expect(await restartForUpdate(updates)).toEqual({ restarting: false, unsaved: ['Menu'] });
    menuDirty = false; // saved
    expect(await restartForUpdate(updates)).toEqual({ restarting: true, unsaved: [] });
    expect(asked).toEqual([true, false]);
    offMenu();
  });
});

/** The header's update control and the settings form (registered through the resource forms' guard), on the desktop adapter. */
function renderDesktop() {
  const desktop = new FakeAuthService().desktop();
  const platform = createDesktopPlatform(desktop);
  const router = createMemoryRouter(
    [
      {
        path: '/settings',
        element: (
          <>
            <UpdateControl updates={platform.updates} />
            <SettingsScreen platform={platform} />
          </>
        ),
      },
    ],
    { initialEntries: ['/settings'] },
  );
  render(
    <FieldWidgetsContext.Provider value={fieldWidgets}>
      <RouterProvider router={router} />
    </FieldWidgetsContext.Provider>,
  );
  return { desktop, platform };
}

const apiField = () => screen.findByLabelText('Nội dung (api)');
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('restart to update', () => {
  it('is refused while the settings form is dirty, naming it; allowed once it is saved', async () => {
    const { desktop } = renderDesktop();
    expect(await apiField()).toHaveProperty('value', 'http://127.0.0.1:5080/api');
    // No update yet: nothing in the header.
    expect(screen.queryByRole('button', { name: /Khởi động lại để cập nhật/ })).toBeNull();

    act(() => desktop.emitUpdate({ status: 'downloading', version: '2.0.0', percent: 42 }));
    expect(await screen.findByRole('status', { name: 'Đang tải bản cập nhật 2.0.0: 42%' })).toBeTruthy();
    act(() => desktop.emitUpdate({ status: 'downloaded', percent: 100 }));
    const restart = await screen.findByRole('button', { name: /Khởi động lại để cập nhật/ });

    type(await apiField(), 'https://api.example.com/api');
    fireEvent.click(restart);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-labelledby') && document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Còn thay đổi chưa lưu');
    expect(within(within(dialog).getByTestId('unsaved-list')).getByText('Cài đặt')).toBeTruthy();
    expect(desktop.mainState.restarts).toEqual([true]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Đã hiểu' }));

    fireEvent.click(screen.getByRole('button', { name: /Lưu/ }));
    await waitFor(() => expect(desktop.mainState.profile.api).toBe('https://api.example.com/api'));
    expect(desktop.mainState.profile.name).toBe('custom');
    // The API clients follow the saved profile.
    expect(serviceClient('api').defaults.baseURL).toBe('https://api.example.com/api');

    fireEvent.click(restart);
    await waitFor(() => expect(desktop.mainState.restarts).toEqual([true, false]));
  }, 120_000);
});

describe('environment settings', () => {
  it('shows the presets and the app, refuses a URL that is not absolute http(s), and fills in a preset', async () => {
    const { desktop } = renderDesktop();
    const api = await apiField();
    for (const label of ['Máy cục bộ (local)', 'Thử nghiệm (staging)', 'Chính thức (production)']) {
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    }
    expect((screen.getByRole('radio', { name: 'Máy cục bộ (local)' }) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('1.2.3')).toBeTruthy();

    type(api, 'ftp://files.example.com/api');
    fireEvent.click(screen.getByRole('button', { name: /Lưu/ }));
    expect(await screen.findByText('Địa chỉ phải là URL tuyệt đối bắt đầu bằng http:// hoặc https://')).toBeTruthy();
    type(api, '/api');
    expect(await screen.findByText('Địa chỉ phải là URL tuyệt đối bắt đầu bằng http:// hoặc https://')).toBeTruthy();
    expect(desktop.mainState.profile.name).toBe('local');
    // A hand-edited address makes the profile custom.
    expect((screen.getByRole('radio', { name: 'Tuỳ chỉnh' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Thử nghiệm (staging)' }));
    await waitFor(() => expect(api).toHaveProperty('value', 'https://staging.sitedesk.example.com/api'));
    expect(screen.getByLabelText('Xác thực (auth)')).toHaveProperty('value', 'https://staging.sitedesk.example.com/auth');
    fireEvent.click(screen.getByRole('button', { name: /Lưu/ }));
    await waitFor(() => expect(desktop.mainState.profile.name).toBe('staging'));
    // A new host: the window only allows it after a reload.
    expect(await screen.findByRole('button', { name: /Tải lại ứng dụng/ })).toBeTruthy();
  }, 120_000);
});
