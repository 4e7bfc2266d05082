import { afterEach, describe, expect, it, vi } from "vitest";
import { readSettings, SettingsError, settings } from "./settings";

describe("readSettings", () => {
  it("gives the README's defaults when nothing is set", () => {
    const s = readSettings({});
    expect(s.PORT).toBe(3000);
    expect(s.HOST).toBe("0.0.0.0");
    expect(s.DATA_DIR).toBe(".data");
    expect(s.CONFIRMATION_TTL_DAYS).toBe(14);
    expect(s.MANAGE_TTL_DAYS).toBe(365);
    expect(s.PAGE_CACHE_MB).toBe(128);
    expect(s.APP_URL).toBeUndefined();
    expect(s.WEBHOOK_ALLOW_PRIVATE).toBeUndefined();
    // Production mode unless NODE_ENV says development or test (one rule).
    expect(s.production).toBe(true);
    expect(readSettings({ NODE_ENV: "development" }).production).toBe(false);
    expect(readSettings({ NODE_ENV: " Test " }).production).toBe(false);
    expect(readSettings({ NODE_ENV: "staging" }).production).toBe(true);
  });

  it("reads numbers, switches and addresses", () => {
    const s = readSettings({
      PORT: " 8080 ",
      PAGE_CACHE_MB: "0",
      APP_URL: "https://trees.example.org/",
      TRUST_PROXY: "1",
      WEBHOOK_ALLOW_PRIVATE: "0",
      NODE_ENV: "production",
    });
    expect(s).toMatchObject({ PORT: 8080, PAGE_CACHE_MB: 0, APP_URL: "https://trees.example.org" });
    expect(s.TRUST_PROXY).toBe(true);
    expect(s.WEBHOOK_ALLOW_PRIVATE).toBe(false);
    expect(s.production).toBe(true);
  });

  it("takes the jobs' retry base from JOB_RETRY_BASE_MS, else its former name WEBHOOK_RETRY_BASE_MS", () => {
    expect(readSettings({}).JOB_RETRY_BASE_MS).toBe(30_000);
    expect(readSettings({ WEBHOOK_RETRY_BASE_MS: "300" }).JOB_RETRY_BASE_MS).toBe(300);
    expect(readSettings({ WEBHOOK_RETRY_BASE_MS: "300", JOB_RETRY_BASE_MS: "500" }).JOB_RETRY_BASE_MS).toBe(
      500,
    );
    expect(() => readSettings({ JOB_RETRY_BASE_MS: "soon" })).toThrow(
      /JOB_RETRY_BASE_MS must be a whole number/,
    );
  });

  it("replaces a dead tree within REPLACEMENT_YEARS, 3 by default", () => {
    expect(readSettings({}).REPLACEMENT_YEARS).toBe(3);
    expect(readSettings({ REPLACEMENT_YEARS: "0" }).REPLACEMENT_YEARS).toBe(0);
    expect(() => readSettings({ REPLACEMENT_YEARS: "three" })).toThrow(
      /REPLACEMENT_YEARS must be a whole number/,
    );
    expect(() => readSettings({ REPLACEMENT_YEARS: "-1" })).toThrow(/REPLACEMENT_YEARS/);
  });

  it("refuses bad values by name, all at once", () => {
    const read = () =>
      readSettings({ PORT: "eighty", CONFIRMATION_TTL_DAYS: "0", APP_URL: "trees.example.org" });
    expect(read).toThrow(SettingsError);
    try {
      read();
    } catch (error) {
      const { problems } = error as SettingsError;
      expect(problems).toHaveLength(3);
      expect(problems[0]).toMatch(/^PORT must be a whole number from 1 to 65535, got "eighty"/);
      expect(problems.join()).toMatch(/CONFIRMATION_TTL_DAYS/);
      expect(problems.join()).toMatch(/APP_URL must be an absolute address/);
    }
  });
});

describe("photo settings", () => {
  it("keeps photos in DATA_DIR/photos, 10 MiB at most, without S3 by default", () => {
    const s = readSettings({});
    expect(s.PHOTO_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(s.PHOTOS_DIR).toBeUndefined();
    expect(s.S3_BUCKET).toBeUndefined();
    expect(s.S3_REGION).toBe("us-east-1");
    expect(s.S3_FORCE_PATH_STYLE).toBeUndefined();
  });

  it("reads the S3 settings", () => {
    const s = readSettings({
      S3_BUCKET: " trees ",
      S3_ENDPOINT: "https://s3.example.org/",
      S3_REGION: "eu-west-3",
      S3_ACCESS_KEY_ID: "AKIA",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      PHOTO_MAX_BYTES: "2000000",
    });
    expect(s).toMatchObject({
      S3_BUCKET: "trees",
      S3_ENDPOINT: "https://s3.example.org",
      S3_REGION: "eu-west-3",
      S3_FORCE_PATH_STYLE: true,
      PHOTO_MAX_BYTES: 2_000_000,
    });
  });

  it("refuses S3 settings without a bucket, half a key pair and a bad endpoint or size", () => {
    expect(() => readSettings({ S3_ENDPOINT: "https://s3.example.org" })).toThrow(
      /S3_ENDPOINT is set but S3_BUCKET is not/,
    );
    expect(() => readSettings({ S3_BUCKET: "trees", S3_ACCESS_KEY_ID: "AKIA" })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => readSettings({ S3_BUCKET: "trees", S3_ENDPOINT: "s3.example.org" })).toThrow(
      /S3_ENDPOINT must be an absolute address/,
    );
    expect(() => readSettings({ S3_BUCKET: "trees", S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    expect(() => readSettings({ PHOTO_MAX_BYTES: "10MB" })).toThrow(/PHOTO_MAX_BYTES must be a whole number/);
  });

  it("reads the Stripe settings, both secrets or neither", () => {
    expect(readSettings({})).toMatchObject({ STRIPE_API_PORT: 0, VISITOR_QUEUE_GIVE_UP_DAYS: 30 });
    expect(
      readSettings({
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
        STRIPE_API_HOST: "127.0.0.1",
        STRIPE_API_PORT: "12111",
        STRIPE_API_PROTOCOL: "HTTP",
        VISITOR_QUEUE_GIVE_UP_DAYS: "7",
      }),
    ).toMatchObject({ STRIPE_API_PORT: 12111, STRIPE_API_PROTOCOL: "http", VISITOR_QUEUE_GIVE_UP_DAYS: 7 });
    expect(() => readSettings({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/,
    );
    expect(() => readSettings({ STRIPE_API_PROTOCOL: "ftp" })).toThrow(
      /STRIPE_API_PROTOCOL must be http or https/,
    );
    expect(() => readSettings({ VISITOR_QUEUE_GIVE_UP_DAYS: "0" })).toThrow(/VISITOR_QUEUE_GIVE_UP_DAYS/);
  });
});

describe("settings()", () => {
  const saved = process.env.MANAGE_TTL_DAYS;
  afterEach(() => {
    if (saved === undefined) delete process.env.MANAGE_TTL_DAYS;
    else process.env.MANAGE_TTL_DAYS = saved;
  });

  it("follows a change of process.env", () => {
    process.env.MANAGE_TTL_DAYS = "30";
    expect(settings().MANAGE_TTL_DAYS).toBe(30);
    process.env.MANAGE_TTL_DAYS = "31";
    expect(settings().MANAGE_TTL_DAYS).toBe(31);
  });
});

describe("settings() of a running server (holdSettings)", () => {
  afterEach(() => {
    delete process.env.PAGE_CACHE_MB;
    vi.resetModules();
  });

  it("follows the environment until held, then keeps what it read without reading it again", async () => {
    vi.resetModules();
    const fresh = await import("./settings");
    process.env.PAGE_CACHE_MB = "7";
    expect(fresh.settings().PAGE_CACHE_MB).toBe(7);
    process.env.PAGE_CACHE_MB = "8";
    expect(fresh.settings().PAGE_CACHE_MB).toBe(8);
    expect(fresh.holdSettings().PAGE_CACHE_MB).toBe(8);
    process.env.PAGE_CACHE_MB = "9";
    expect(fresh.settings().PAGE_CACHE_MB).toBe(8);
  });
});
