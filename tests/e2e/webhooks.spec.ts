// Publish webhooks in the console (/info-website, tab "Webhook", administrators only): an administrator adds a
// webhook, copies its signing secret, changes the website's public content, and sees the delivery in the log; the
// receiver (a real HTTP server in this process) got the POST, signed with that secret.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { unique } from './content-support';
import { ADMIN, signIn, STAFF, switchUser } from './support';

test('an administrator adds a webhook, sees its secret, and sees a delivery in the log after a public change', async ({ page, context }) => {
  const received: { signature: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ signature: String(req.headers['x-sitedesk-signature']), body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rebuild/${unique()}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  try {
    await signIn(page, ADMIN, '/info-website');
    await page.getByRole('tab', { name: 'Webhook' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Webhook' });
    await panel.getByRole('button', { name: 'Thêm mới' }).click();
    const popup = page.locator('.ant-modal').filter({ hasText: 'Thêm Webhook' });
    await popup.getByLabel('Địa chỉ nhận (URL)').fill(url);
    await popup.getByLabel('Mô tả').fill('Dựng lại trang Astro');
    await popup.getByRole('button', { name: /Lưu$/ }).click();
    await expect(page.getByText('Thêm mới thành công')).toBeVisible();
    await expect(popup).toHaveCount(0);

    // The secret, with its copy button: what the receiver checks signatures with.
    const row = panel.getByRole('row').filter({ hasText: url });
    await expect(row.getByTestId('webhook-secret')).toContainText('whsec_');
    await row.getByRole('button', { name: 'Sao chép khoá ký' }).click();
    const secret = String(await page.evaluate('navigator.clipboard.readText()'));
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);

    // A public change: the website's settings.
    await page.getByRole('tab', { name: 'Thông tin' }).click();
    await page.getByLabel('Hotline').fill(`1900 ${unique().slice(-4)}`);
    await page.getByRole('button', { name: /Lưu$/ }).click();
    await expect(page.getByText('Cập nhật thành công')).toBeVisible();

    await expect.poll(() => received.length).toBe(1);
    const [{ signature, body }] = received;
    expect(JSON.parse(body)).toMatchObject({ resource: 'site', event: 'updated' });
    expect(signature).toBe(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);

    // The log: the delivery, delivered, with a replay button.
    await page.reload();
    await page.getByRole('tab', { name: 'Webhook' }).click();
    const log = page.getByRole('tabpanel', { name: 'Webhook' }).locator('.ant-pro-table').filter({ hasText: 'Nhật ký gửi' });
    const delivery = log.locator('tr.ant-table-row');
    await expect(delivery).toHaveCount(1);
    await expect(delivery.getByRole('cell', { name: 'Đã gửi', exact: true })).toBeVisible();
    await expect(delivery.getByRole('cell', { name: url })).toBeVisible();
    await expect(delivery.getByRole('cell', { name: 'site', exact: true })).toBeVisible();
    await delivery.getByRole('button', { name: 'Gửi lại' }).click();
    await expect(page.getByText('Đã xếp lịch gửi lại')).toBeVisible();
    await expect.poll(() => received.length).toBe(2);

    // Staff do not see the tab.
    await switchUser(page, STAFF, '/info-website');
    await expect(page.getByRole('tab', { name: 'Ngôn ngữ' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Webhook' })).toHaveCount(0);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
