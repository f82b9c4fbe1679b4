import { describe, expect, it } from 'vitest';
import { backoffMs, codeOfStatus, httpFailure, isRetryable, planChunks, remainingSeconds, SpeedMeter } from './uploads';

describe('planChunks', () => {
  it('cuts 2,000,000-byte chunks with a shorter last one', () => {
    expect(planChunks(4_500_000, 2_000_000)).toEqual([
      { index: 0, start: 0, end: 2_000_000 },
      { index: 1, start: 2_000_000, end: 4_000_000 },
      { index: 2, start: 4_000_000, end: 4_500_000 },
    ]);
  });
  it('has no empty tail when the size is a multiple of the chunk size', () => {
    expect(planChunks(4_000_000, 2_000_000).map((c) => c.end - c.start)).toEqual([2_000_000, 2_000_000]);
  });
  it('sends an empty file as one empty chunk', () => {
    expect(planChunks(0, 2_000_000)).toEqual([{ index: 0, start: 0, end: 0 }]);
  });
  it('covers every byte exactly once', () => {
    const plan = planChunks(7_654_321, 2_000_000);
    expect(plan.reduce((sum, c) => sum + (c.end - c.start), 0)).toBe(7_654_321);
    plan.slice(1).forEach((c, i) => expect(c.start).toBe(plan[i].end));
  });
  it('refuses nonsense', () => {
    expect(() => planChunks(-1, 10)).toThrow(RangeError);
    expect(() => planChunks(10, 0)).toThrow(RangeError);
  });
});

describe('SpeedMeter', () => {
  it('measures bytes per second over the samples', () => {
    const meter = new SpeedMeter(5000);
    meter.add(0, 0);
    meter.add(1000, 1_000_000);
    meter.add(2000, 2_000_000);
    expect(meter.speed(2000)).toBe(1_000_000);
  });
  it('follows the recent rate once old samples leave the window', () => {
    const meter = new SpeedMeter(2000);
    meter.add(0, 0);
    meter.add(1000, 10_000_000); // fast start
    for (let at = 2000; at <= 10_000; at += 1000) meter.add(at, 10_000_000 + (at - 1000) * 100); // then 100 KB/s
    expect(meter.speed(10_000)).toBeCloseTo(100_000, -3);
  });
  it('says 0 before it can tell and when the transfer has stalled', () => {
    const meter = new SpeedMeter(5000);
    expect(meter.speed(0)).toBe(0);
    meter.add(0, 0);
    meter.add(1000, 500_000);
    expect(meter.speed(7000)).toBe(0);
  });
});

describe('remainingSeconds', () => {
  it('divides what is left by the speed', () => {
    expect(remainingSeconds(10_000_000, 4_000_000, 2_000_000)).toBe(3);
  });
  it('is unknown without a speed and 0 when done', () => {
    expect(remainingSeconds(10, 5, 0)).toBeNull();
    expect(remainingSeconds(10, 10, 0)).toBe(0);
  });
});

describe('backoffMs and isRetryable', () => {
  it('doubles each attempt up to the cap, with ±25 % jitter', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 1000, 30_000, middle))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(20, 1000, 30_000, middle)).toBe(30_000);
    expect(backoffMs(1, 1000, 30_000, () => 0)).toBe(750);
    expect(backoffMs(1, 1000, 30_000, () => 1)).toBe(1250);
    // The cap holds with the jitter too (it used to reach 37,500 ms).
    expect(backoffMs(6, 1000, 30_000, () => 1)).toBe(30_000);
    expect(backoffMs(20, 1000, 30_000, () => 1)).toBe(30_000);
    expect(backoffMs(20, 1000, 30_000, () => 0)).toBe(22_500);
  });
  it('retries the network and a busy server, not a refusal', () => {
    expect([undefined, 0, 408, 429, 500, 502, 503, 504].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 409, 413, 415, 507].some(isRetryable)).toBe(false);
  });
});

describe('upload failures', () => {
  it('name the failure by a code, keeping the server Message when it sent one', () => {
    expect([undefined, 0, 401, 403, 408, 413, 415, 400, 404, 409, 429, 500, 503, 507].map(codeOfStatus)).toEqual([
      'network', 'network', 'unauthorized', 'unauthorized', 'network', 'tooLarge', 'type', 'refused', 'refused', 'refused', 'server', 'server', 'server', 'diskFull',
    ]);
    expect(httpFailure(415, '{"code":415,"Message":"Tệp .exe không được phép"}').info).toEqual({ code: 'type', status: 415, message: 'Tệp .exe không được phép' });
    expect(httpFailure(502, '<html>Bad gateway</html>').info).toEqual({ code: 'server', status: 502, message: null });
    expect(httpFailure(undefined, undefined, 'ECONNRESET')).toMatchObject({ retryable: true, info: { code: 'network', status: 0, message: null, detail: 'ECONNRESET' } });
    expect([httpFailure(503).retryable, httpFailure(507).retryable, httpFailure(413).retryable]).toEqual([true, false, false]);
  });
});
