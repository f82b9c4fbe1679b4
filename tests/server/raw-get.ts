// A raw GET (node:http does not decode), so a test sees the bytes and headers as sent: compression, ETags, 304s.
import http from 'node:http';

export function rawGet(baseUrl: string, p: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    http
      .get(baseUrl + p, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}
