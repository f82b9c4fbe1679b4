import { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, authHttp, cmsApi, configureHttp, coreApi, setServiceBases } from './client';

// The interceptors' rules (spec section 8), with the network replaced by an adapter that answers
// like the server does; the real server is covered by the Playwright journeys.
const seen: InternalAxiosRequestConfig[] = [];
const answer =
  (status: number, data: unknown): AxiosAdapter =>
  async (config) => {
    seen.push(config);
    const response = { status, statusText: String(status), data, headers: {}, config };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };

const events: string[] = [];
beforeEach(() => {
  seen.length = 0;
  events.length = 0;
  configureHttp({
    accessToken: async () => 'token-1',
    language: () => 'en-US',
    uiLanguage: () => 'vi-VN',
    unauthorized: (kind) => void events.push(`unauthorized:${kind}`),
    notifyError: (text, requestId) => void events.push(requestId ? `error:${text} #${requestId}` : `error:${text}`),
  });
});

describe('API clients', () => {
  it('send the bearer token, the content language, and the interface language for messages', async () => {
    cmsApi.defaults.adapter = answer(200, []);
    await cmsApi.get('/Websites/get-all');
    const headers = AxiosHeaders.from(seen[0].headers);
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('Accept-Language')).toBe('en-US');
    expect(headers.get('X-Interface-Language')).toBe('vi-VN');
    expect(seen[0].baseURL).toBe('/api');
  });

  it('send no bearer to the auth service, and the interface language', async () => {
    authHttp.defaults.adapter = answer(200, {});
    await authHttp.post('/connect/token', new URLSearchParams({ a: 'b' }));
    const headers = AxiosHeaders.from(seen[0].headers);
    expect(headers.get('Authorization')).toBeFalsy();
    expect(headers.get('Accept-Language')).toBe('vi-VN');
  });

  it('send a 401 on a data load to /login', async () => {
    cmsApi.defaults.adapter = answer(401, { code: 401, Message: 'Unauthorized' });
    await expect(cmsApi.get('/Websites/get-all')).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual(['unauthorized:login']);
  });

  it('send a 401 on the token check (AppSettings) to /expiredToken', async () => {
    coreApi.defaults.adapter = answer(401, { code: 401, Message: 'Unauthorized' });
    await expect(coreApi.get('/AppSettings', { tokenCheck: true })).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual(['unauthorized:expired']);
  });

  it("show any other failure's server Message as an error notice, and reject with it", async () => {
    cmsApi.defaults.adapter = answer(409, { code: 409, Message: 'Bản ghi đã bị thay đổi', message: 'conflict' });
    await expect(cmsApi.put('/Websites/1', {})).rejects.toMatchObject({ message: 'Bản ghi đã bị thay đổi', status: 409, code: 409 });
    expect(events).toEqual(['error:Bản ghi đã bị thay đổi']);
  });

  it("name a server fault's request id in its notice (the log line of a screenshot), not a refusal's", async () => {
    cmsApi.defaults.adapter = answer(500, { Message: 'Lỗi máy chủ', requestId: 'req-7' });
    await expect(cmsApi.get('/News/1')).rejects.toBeInstanceOf(ApiError);
    cmsApi.defaults.adapter = answer(409, { Message: 'Bản ghi đã bị thay đổi', requestId: 'req-8' });
    await expect(cmsApi.get('/News/1')).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual(['error:Lỗi máy chủ #req-7', 'error:Bản ghi đã bị thay đổi']);
  });

  it('leave quiet calls to their caller', async () => {
    cmsApi.defaults.adapter = answer(401, { Message: 'x' });
    await expect(cmsApi.get('/x', { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });

  it('follow the environment profile', async () => {
    setServiceBases({ api: 'https://cms.example.org/api/' });
    cmsApi.defaults.adapter = answer(200, []);
    await cmsApi.get('/Websites/get-all');
    expect(seen[0].baseURL).toBe('https://cms.example.org/api');
    setServiceBases({ api: '/api' });
  });
});
