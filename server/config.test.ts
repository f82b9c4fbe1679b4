import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';
import { pickLang } from './i18n';

describe('pickLang', () => {
  it('answers English for en* and Vietnamese otherwise, by q-value', () => {
    expect(pickLang(undefined)).toBe('vi');
    expect(pickLang('vi-VN')).toBe('vi');
    expect(pickLang('en-US')).toBe('en');
    expect(pickLang('en')).toBe('en');
    expect(pickLang('vi;q=0.5, en-GB;q=0.8')).toBe('en');
    expect(pickLang('en;q=0.2, vi')).toBe('vi');
    expect(pickLang('fr-FR')).toBe('vi');
    expect(pickLang(';;;q=x,,')).toBe('vi');
  });
});

describe('configFromEnv', () => {
  it('applies the documented defaults', () => {
    const c = configFromEnv({});
    expect(c).toMatchObject({ port: 5080, host: '127.0.0.1', databaseUrl: undefined, seed: { demo: false, admin: undefined } });
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.rendererDir).toBe(path.resolve('dist/renderer'));
    // Webhooks reach no loopback or private address unless told (issue 38).
    expect(c.webhooks).toEqual({ allowPrivate: false });
    expect(configFromEnv({ WEBHOOKS_ALLOW_PRIVATE: '1' }).webhooks).toEqual({ allowPrivate: true });
  });

  it('reads the environment', () => {
    const c = configFromEnv({ PORT: '6000', HOST: '0.0.0.0', SEED_DEMO: '1', ADMIN_USERNAME: ' boss ', ADMIN_PASSWORD: 'pw', DATABASE_URL: 'postgres://u:p@h/db', ACCESS_TOKEN_TTL_SECONDS: '30' });
    expect(c).toMatchObject({ port: 6000, host: '0.0.0.0', databaseUrl: 'postgres://u:p@h/db', accessTokenTtlSeconds: 30, seed: { demo: true, admin: { userName: 'boss', password: 'pw' } } });
  });

  it('reads TRUST_PROXY (hops or addresses, never "true"); REDIS_URL is not read (the limits count in PostgreSQL)', () => {
    expect(configFromEnv({})).toMatchObject({ trustProxy: undefined });
    expect(configFromEnv({ REDIS_URL: 'redis://cache:6379', TRUST_PROXY: '1' })).toMatchObject({ trustProxy: 1 });
    expect(configFromEnv({ REDIS_URL: 'redis://cache:6379' })).not.toHaveProperty('redisUrl');
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => configFromEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('reads WORKERS: 1 by default, a whole number from 1 to 64', () => {
    expect(configFromEnv({}).workers).toBe(1);
    expect(configFromEnv({ WORKERS: '2' }).workers).toBe(2);
    for (const bad of ['0', '65', '1.5', 'two']) expect(() => configFromEnv({ WORKERS: bad })).toThrow(/WORKERS/);
  });

  it('reads the S3 settings: unset, files stay under DATA_DIR; keys go in pairs; the endpoint is an address', () => {
    expect(configFromEnv({}).s3).toBeUndefined();
    expect(
      configFromEnv({ S3_BUCKET: 'clinic-files', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'auto', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: '1' }).s3,
    ).toEqual({ bucket: 'clinic-files', endpoint: 'http://minio:9000', region: 'auto', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true });
    expect(configFromEnv({ S3_BUCKET: 'b' }).s3).toMatchObject({ bucket: 'b', endpoint: undefined, forcePathStyle: false });
    expect(() => configFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => configFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });

  it('refuses nonsense numbers', () => {
    expect(() => configFromEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => configFromEnv({ ACCESS_TOKEN_TTL_SECONDS: '-5' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
  });

  it('reads the second factor and sign-in records settings (issue 39)', () => {
    expect(configFromEnv({}).auth).toEqual({ requireTwoFactorForAdmins: false, signInRetentionDays: undefined });
    expect(configFromEnv({ REQUIRE_2FA_FOR_ADMINS: '1', SIGN_IN_RETENTION_DAYS: '30' }).auth).toEqual({ requireTwoFactorForAdmins: true, signInRetentionDays: 30 });
    expect(() => configFromEnv({ SIGN_IN_RETENTION_DAYS: 'forever' })).toThrow(/SIGN_IN_RETENTION_DAYS/);
  });
});
