// The one component for status machines, drawn from the definitions' declarations: which buttons a record shows in
// each state, disabled with the reason (own submission, not pending), hidden from whoever could never make the move,
// and the reason dialog that will not send without a reason.
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newsDef } from '../../../../shared/editorial';
import { booking, BOOKING_MACHINE } from '../../../../shared/resources/people';
import { initI18n } from '../../core/i18n';
import { WorkspaceContext } from '../../core/workspace/context';
import type { Workspace } from '../../core/workspace/types';
import type { CurrentUser } from '../../session';
import { StatusHistory, StatusMoves, StatusTag, viewMoves } from '.';

// The signed-in user, as the session would give it after `GET /core/AppSettings`.
let user: CurrentUser | null = null;
vi.mock('../../session', async (original) => ({
  ...(await original<typeof import('../../session')>()),
  useSession: () => ({ status: 'signedIn', user }),
}));

const ADMIN = { id: 1, role: 'admin', canReview: true } as const;
const REVIEWER = { id: 2, role: 'staff', canReview: true } as const;
const STAFF = { id: 3, role: 'staff', canReview: false } as const;
const REVIEW = newsDef.machines[0];

const workspace = { websites: [], website: null, websiteId: 1, languages: [], defaultLanguage: 'vi-VN', language: 'vi-VN' } as unknown as Workspace;
const inWorkspace = (node: ReactNode) => render(<WorkspaceContext.Provider value={workspace}>{node}</WorkspaceContext.Provider>);
const news = (approvedStatus: number, submittedBy = ADMIN.id) => ({ id: 5, approvedStatus, submittedBy, title: JSON.stringify({ 'vi-VN': 'Khám sức khoẻ', 'en-US': 'Health check' }) });
const button = (name: string) => screen.queryByRole('button', { name });
const noop = () => undefined;

beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: noop,
    removeListener: noop,
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  // The resources namespace (history, reasons) loads before the components ask for it, as the shell's screens do.
  await (await initI18n('vi-VN')).loadNamespaces('resources');
});
afterEach(cleanup);
// Rendering antd's dialogs in jsdom is slow on a busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

describe('the moves of a booking', () => {
  it('are the ones leaving from its state, named as the machine declares them', () => {
    user = STAFF;
    const record = { id: 9, customerName: 'Nguyễn Văn A', approvedStatus: 0 };
    const { rerender } = inWorkspace(<StatusMoves def={booking} record={record} onMoved={noop} />);
    expect(button('Xác nhận lịch hẹn')).toBeTruthy();
    expect(button('Huỷ lịch hẹn')).toBeTruthy();
    expect(button('Đã khám xong')).toBeNull();

    const wrap = (approvedStatus: number) => (
      <WorkspaceContext.Provider value={workspace}>
        <StatusMoves def={booking} record={{ ...record, approvedStatus }} onMoved={noop} />
      </WorkspaceContext.Provider>
    );
    rerender(wrap(1));
    expect(button('Xác nhận lịch hẹn')).toBeNull();
    expect(button('Đã khám xong')).toBeTruthy();
    expect(button('Huỷ lịch hẹn')).toBeTruthy();
    // Cancelled: nowhere to go.
    rerender(wrap(3));
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('asks the reason of a cancellation naming the customer, and sends nothing without one', async () => {
    user = STAFF;
    inWorkspace(<StatusMoves def={booking} record={{ id: 9, customerName: 'Nguyễn Văn A', approvedStatus: 1 }} onMoved={noop} />);
    fireEvent.click(button('Huỷ lịch hẹn')!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Huỷ lịch hẹn của Nguyễn Văn A');
    expect(screen.getByLabelText('Lý do huỷ')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Huỷ lịch hẹn' }).at(-1)!);
    await screen.findByText('Lý do huỷ là trường bắt buộc');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows its status with the reason it was cancelled', () => {
    inWorkspace(<StatusTag machine={BOOKING_MACHINE} record={{ approvedStatus: 3, cancelReason: 'Khách đổi lịch' }} withReason testId="booking-status" />);
    expect(screen.getByTestId('booking-status').textContent).toBe('Đã huỷ: Khách đổi lịch');
  });
});

describe('the review of a news item', () => {
  it('is hidden from a user without the review permission', () => {
    user = STAFF;
    inWorkspace(<StatusMoves def={newsDef} record={news(1)} onMoved={noop} unavailable="disable" />);
    expect(button('Duyệt')).toBeNull();
    expect(button('Từ chối')).toBeNull();
  });

  it('is disabled, saying why, on what the reviewer submitted themselves', () => {
    user = ADMIN;
    inWorkspace(<StatusMoves def={newsDef} record={news(1, ADMIN.id)} onMoved={noop} unavailable="disable" />);
    expect(button('Duyệt')!.hasAttribute('disabled')).toBe(true);
    expect(button('Từ chối')!.hasAttribute('disabled')).toBe(true);
    expect(viewMoves(REVIEW, news(1, ADMIN.id), ADMIN).map((v) => v.reason)).toEqual([
      'Không thể tự duyệt nội dung do chính mình gửi duyệt',
      'Không thể tự duyệt nội dung do chính mình gửi duyệt',
    ]);
  });

  it('is enabled for another reviewer while pending, and disabled once decided (the machine says why)', () => {
    user = REVIEWER;
    const { rerender } = inWorkspace(<StatusMoves def={newsDef} record={news(1)} onMoved={noop} unavailable="disable" />);
    expect(button('Duyệt')!.hasAttribute('disabled')).toBe(false);
    expect(button('Từ chối')!.hasAttribute('disabled')).toBe(false);
    rerender(
      <WorkspaceContext.Provider value={workspace}>
        <StatusMoves def={newsDef} record={news(2)} onMoved={noop} unavailable="disable" />
      </WorkspaceContext.Provider>,
    );
    expect(button('Duyệt')!.hasAttribute('disabled')).toBe(true);
    expect(viewMoves(REVIEW, news(2), REVIEWER, { unavailable: 'disable' })[0].reason).toBe('Chỉ có thể duyệt hoặc từ chối khi đang ở trạng thái chờ duyệt');
    // Unsaved edits block a decision, saying so.
    expect(viewMoves(REVIEW, news(1), REVIEWER, { blockedReason: 'Hãy lưu' })[0].reason).toBe('Hãy lưu');
  });

  it('asks the reason of a decline under the item it names, and requires it', async () => {
    user = REVIEWER;
    inWorkspace(<StatusMoves def={newsDef} record={news(1)} onMoved={noop} unavailable="disable" />);
    fireEvent.click(button('Từ chối')!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Nhập lý do từ chối');
    expect(screen.getByTestId('decline-subject').textContent).toBe('Khám sức khoẻ');
    fireEvent.click(screen.getByRole('button', { name: 'Gửi' }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Lý do là trường bắt buộc'));
  });

  it('keeps a history of who moved it where and why', () => {
    inWorkspace(
      <StatusHistory
        machine={REVIEW}
        entries={[
          { status: 1, userFullName: 'Quản trị viên', time: '2026-11-26T08:00:00Z' },
          { status: 3, userFullName: 'Trần Văn Minh', reason: 'Thiếu nguồn', time: '2026-11-26T09:00:00Z' },
        ]}
      />,
    );
    const history = screen.getByTestId('status-history');
    expect(history.textContent).toContain('Lịch sử trạng thái');
    expect(screen.getAllByTestId('status-tag').map((t) => t.textContent)).toEqual(['Chờ duyệt', 'Từ chối']);
    expect(history.textContent).toContain('Lý do: Thiếu nguồn');
  });
});
