// @test-database none: no query here (decision 0020).
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, getEnv, parseEnv, resetEnv } from "./env.server";

const validSecret = "s".repeat(32);

/** Parses and returns the ConfigError, failing the test when there is none. */
function configError(source: Record<string, string | undefined>): ConfigError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe("parseEnv defaults", () => {
  it("falls back to the operating contract's defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.NODE_ENV).toBe("production");
  });

  it("reads TRUST_PROXY: unset or false trusts no proxy, true one hop, a count, or a list", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ hops: 0 });
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toEqual({ hops: 0 });
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toEqual({ hops: 0 });
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8,fd00::/8" }).TRUST_PROXY).toMatchObject({ proxies: ["10.0.0.0/8", "fd00::/8"] });
  });

  it("derives BASE_URL from PORT", () => {
    expect(parseEnv({ PORT: "8080" }).BASE_URL).toBe("http://localhost:8080");
  });

  it("treats empty strings as unset", () => {
    const env = parseEnv({ PORT: "", DATA_DIR: "", DATABASE_URL: "", BASE_URL: "", SMTP_URL: "", AUTH_SECRET: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.BASE_URL).toBe("http://localhost:3000");
  });

  it("accepts valid values and drops a trailing slash from BASE_URL", () => {
    const env = parseEnv({
      PORT: "4000",
      DATA_DIR: "/srv/relentless",
      DATABASE_URL: "postgresql://app:pw@db:5432/relentless",
      BASE_URL: "https://coach.example/",
      AUTH_SECRET: validSecret,
      ADMIN_EMAIL: "boss@example.com",
      ADMIN_PASSWORD: "correct horse",
      SMTP_URL: "smtps://user:pass@mail.example:465",
    });
    expect(env).toMatchObject({
      PORT: 4000,
      DATA_DIR: "/srv/relentless",
      DATABASE_URL: "postgresql://app:pw@db:5432/relentless",
      BASE_URL: "https://coach.example",
      AUTH_SECRET: validSecret,
      ADMIN_EMAIL: "boss@example.com",
      ADMIN_PASSWORD: "correct horse",
      SMTP_URL: "smtps://user:pass@mail.example:465",
    });
  });
});

describe("parseEnv rejects invalid values with a ConfigError naming the variable", () => {
  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "0" }],
    ["PORT", { PORT: "80.5" }],
    ["PORT", { PORT: "0x50" }],
    ["PORT", { PORT: "8e3" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["BASE_URL", { BASE_URL: "ftp://x" }],
    ["BASE_URL", { BASE_URL: "not a url" }],
    ["AUTH_SECRET", { AUTH_SECRET: "too-short" }],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "boss@example.com" }],
    ["ADMIN_EMAIL", { ADMIN_PASSWORD: "long enough password" }],
    ["ADMIN_EMAIL", { ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "long enough password" }],
    ["SMTP_URL", { SMTP_URL: "http://x" }],
    ["TRUST_PROXY", { TRUST_PROXY: "yes" }],
    ["TRUST_PROXY", { TRUST_PROXY: "10.0.0.0/33" }],
    ["TRUST_PROXY", { TRUST_PROXY: "10.0.0.1,proxy.internal" }],
  ] as const)("%s in %j", (name, source) => {
    const error = configError(source);
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toContain(name);
    // Only the faulty variable is reported.
    const named = error.message.split("\n").slice(1);
    expect(named).toHaveLength(1);
    expect(named[0]?.trim().startsWith(`${name} `)).toBe(true);
  });

  it("reports every faulty variable at once", () => {
    const error = configError({ PORT: "abc", BASE_URL: "ftp://x", SMTP_URL: "http://x" });
    for (const name of ["PORT", "BASE_URL", "SMTP_URL"]) expect(error.message).toContain(name);
  });

  it("shows the offending value of a non-secret variable", () => {
    expect(configError({ PORT: "abc" }).message).toContain('"abc"');
  });

  it("says which forms TRUST_PROXY takes", () => {
    expect(configError({ TRUST_PROXY: "yes" }).message).toContain(
      'TRUST_PROXY must be false, true (one proxy), a number of proxies (0 to 10), or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8,fd00::/8 (got "yes")',
    );
  });

  it.each([
    ["AUTH_SECRET", { AUTH_SECRET: "hunter2-secret" }, "hunter2-secret"],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "hunter2" }, "hunter2"],
    ["ADMIN_PASSWORD", { ADMIN_PASSWORD: "hunter2-but-longer" }, "hunter2-but-longer"],
    ["DATABASE_URL", { DATABASE_URL: "mysql://root:hunter2@db/app" }, "hunter2"],
    ["SMTP_URL", { SMTP_URL: "http://user:hunter2@mail.example" }, "hunter2"],
  ] as const)("does not echo the secret in %s", (_name, source, secret) => {
    const error = configError(source);
    expect(error.message).not.toContain(secret);
  });
});

describe("parseEnv S3 storage settings", () => {
  it("leaves S3 off by default, with the us-east-1 region", () => {
    const env = parseEnv({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_REGION).toBe("us-east-1");
    expect(env.S3_ENDPOINT).toBeUndefined();
  });

  it("accepts a bucket with an endpoint and a key pair", () => {
    const env = parseEnv({
      S3_BUCKET: "relentless-uploads",
      S3_REGION: "eu-west-2",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI",
    });
    expect(env).toMatchObject({ S3_BUCKET: "relentless-uploads", S3_REGION: "eu-west-2", S3_ENDPOINT: "http://127.0.0.1:9000" });
  });

  it.each([
    ["S3_BUCKET", { S3_BUCKET: "Not_A_Bucket" }],
    ["S3_ENDPOINT", { S3_BUCKET: "relentless", S3_ENDPOINT: "ftp://storage.example" }],
    ["S3_SECRET_ACCESS_KEY", { S3_BUCKET: "relentless", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" }],
    ["S3_ACCESS_KEY_ID", { S3_BUCKET: "relentless", S3_SECRET_ACCESS_KEY: "hunter2-secret" }],
    ["S3_BUCKET", { S3_ENDPOINT: "http://127.0.0.1:9000" }],
  ] as const)("names %s in %j", (name, source) => {
    const named = configError(source).message.split("\n").slice(1);
    expect(named).toHaveLength(1);
    expect(named[0]?.trim().startsWith(`${name} `)).toBe(true);
  });

  it("never echoes the access key or the secret", () => {
    const message = configError({ S3_ENDPOINT: "http://x.example", S3_ACCESS_KEY_ID: "AKIAHUNTER2", S3_SECRET_ACCESS_KEY: "hunter2-secret" }).message;
    expect(message).toContain("S3_BUCKET must be set when S3_ENDPOINT is set");
    expect(message).not.toContain("AKIAHUNTER2");
    expect(message).not.toContain("hunter2-secret");
  });
});

describe("parseEnv GoCardless settings", () => {
  const token = "sandbox_hunter2-access-token";
  const secret = "hunter2-webhook-secret";

  it("leaves direct debit off by default, on the sandbox", () => {
    const env = parseEnv({});
    expect(env.GOCARDLESS_ACCESS_TOKEN).toBeUndefined();
    expect(env.GOCARDLESS_WEBHOOK_SECRET).toBeUndefined();
    expect(env.GOCARDLESS_API_URL).toBeUndefined();
    expect(env.GOCARDLESS_ENVIRONMENT).toBe("sandbox");
  });

  it("reads a token with its webhook secret, the live environment and another API address", () => {
    const env = parseEnv({
      GOCARDLESS_ACCESS_TOKEN: token,
      GOCARDLESS_WEBHOOK_SECRET: secret,
      GOCARDLESS_ENVIRONMENT: "live",
      GOCARDLESS_API_URL: "http://127.0.0.1:3370",
    });
    expect(env).toMatchObject({ GOCARDLESS_ACCESS_TOKEN: token, GOCARDLESS_ENVIRONMENT: "live", GOCARDLESS_API_URL: "http://127.0.0.1:3370" });
  });

  it.each([
    ["GOCARDLESS_ENVIRONMENT", { GOCARDLESS_ENVIRONMENT: "production" }, "GOCARDLESS_ENVIRONMENT must be sandbox or live"],
    ["GOCARDLESS_API_URL", { GOCARDLESS_API_URL: "api.gocardless.com" }, "GOCARDLESS_API_URL must be an http:// or https:// URL"],
    ["GOCARDLESS_WEBHOOK_SECRET", { GOCARDLESS_ACCESS_TOKEN: token }, "GOCARDLESS_WEBHOOK_SECRET must be set when GOCARDLESS_ACCESS_TOKEN is set"],
    ["GOCARDLESS_WEBHOOK_SECRET", { GOCARDLESS_ACCESS_TOKEN: token, GOCARDLESS_WEBHOOK_SECRET: "hunter2" }, "GOCARDLESS_WEBHOOK_SECRET must be at least 16"],
    ["GOCARDLESS_ACCESS_TOKEN", { GOCARDLESS_ACCESS_TOKEN: "hunter2 with spaces", GOCARDLESS_WEBHOOK_SECRET: secret }, "GOCARDLESS_ACCESS_TOKEN must be a GoCardless access token"],
  ] as const)("names %s in %j", (name, source, message) => {
    const named = configError(source).message.split("\n").slice(1);
    expect(named).toHaveLength(1);
    expect(named[0]?.trim().startsWith(`${name} `)).toBe(true);
    expect(named[0]).toContain(message);
  });

  it("never echoes the access token or the webhook secret", () => {
    const message = configError({ GOCARDLESS_ACCESS_TOKEN: "hunter2 token", GOCARDLESS_WEBHOOK_SECRET: "hunter2" }).message;
    expect(message).toContain("GOCARDLESS_ACCESS_TOKEN");
    expect(message).not.toContain("hunter2");
  });
});

describe("getEnv", () => {
  const saved = { PORT: process.env.PORT, BASE_URL: process.env.BASE_URL };

  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnv();
  });

  it("reads process.env once and again after resetEnv", () => {
    process.env.PORT = "4123";
    delete process.env.BASE_URL;
    resetEnv();
    const first = getEnv();
    expect(first.PORT).toBe(4123);
    expect(first.BASE_URL).toBe("http://localhost:4123");

    process.env.PORT = "4124";
    expect(getEnv()).toBe(first);

    resetEnv();
    expect(getEnv().PORT).toBe(4124);
  });

  it("throws a ConfigError for an invalid process environment", () => {
    process.env.PORT = "not-a-port";
    resetEnv();
    expect(() => getEnv()).toThrow(ConfigError);
    expect(() => getEnv()).toThrow(/PORT/);
  });
});
