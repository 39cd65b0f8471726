import { z } from "zod";
import { optionalNumber } from "./number-field";
import { parseTrustProxy, TRUST_PROXY_HELP } from "./client-ip.server";
import { trimCharacters } from "./trim-characters";

/**
 * The operating contract's environment variables, read and validated once.
 * A wrong value stops start-up with a message naming the variable.
 */
const PORT_MESSAGE = "must be a whole number between 1 and 65535";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: optionalNumber({
      label: "PORT",
      min: 1,
      max: 65535,
      integer: true,
      messages: { invalid: PORT_MESSAGE, integer: PORT_MESSAGE, tooSmall: PORT_MESSAGE, tooLarge: PORT_MESSAGE },
    }).transform((port) => port ?? 3000),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    BASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, for example https://coach.example" })
        .optional(),
    ),
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, "must be at least 32 characters long").optional(),
    ),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email("must be an e-mail address").optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(8, "must be at least 8 characters long").max(128, "must be at most 128 characters long").optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z.string().regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL").optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    // Which proxies may say who the client is: false, true (= 1), a hop count, or addresses/CIDRs (client-ip.server.ts).
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("false")
        .transform((value, ctx) => {
          const trust = parseTrustProxy(value);
          if (trust) return trust;
          ctx.addIssue({ code: "custom", message: TRUST_PROXY_HELP });
          return z.NEVER;
        }),
    ),
    // Uploads go to an S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/uploads.
    S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens")
        .optional(),
    ),
    S3_REGION: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1").default("us-east-1")),
    S3_ENDPOINT: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, for example http://127.0.0.1:9000" }).optional(),
    ),
    S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    // Direct debit through GoCardless is on when GOCARDLESS_ACCESS_TOKEN is set; unset means manual payments only.
    GOCARDLESS_ACCESS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().regex(/^\S{16,}$/, "must be a GoCardless access token: at least 16 characters, no spaces").optional(),
    ),
    GOCARDLESS_ENVIRONMENT: z.preprocess(
      emptyToUndefined,
      z.enum(["sandbox", "live"], { error: "must be sandbox or live" }).default("sandbox"),
    ),
    GOCARDLESS_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(16, "must be at least 16 characters long").optional(),
    ),
    // Another address for the GoCardless API (a local stand-in in tests).
    GOCARDLESS_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, for example http://127.0.0.1:3370" }).optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "must be set together with " + (env.ADMIN_EMAIL ? "ADMIN_EMAIL" : "ADMIN_PASSWORD"),
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "must be set together with " + (env.S3_ACCESS_KEY_ID ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY"),
      });
    }
    // Without a bucket the other S3 settings would be ignored and uploads would quietly land on local disk.
    const s3Only = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).find((name) => env[name]);
    if (!env.S3_BUCKET && s3Only) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `must be set when ${s3Only} is set` });
    }
    if (env.GOCARDLESS_ACCESS_TOKEN && !env.GOCARDLESS_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["GOCARDLESS_WEBHOOK_SECRET"],
        message: "must be set when GOCARDLESS_ACCESS_TOKEN is set: without it no payment news from GoCardless can be trusted",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { BASE_URL: string };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "configuration");
      const raw = source[name];
      const shown = raw === undefined || /SECRET|PASSWORD|ACCESS_KEY|TOKEN|DATABASE_URL|SMTP_URL/.test(name) ? "" : ` (got "${raw}")`;
      return `  ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const baseUrl = trimCharacters(env.BASE_URL ?? `http://localhost:${env.PORT}`, "/", "end");
  return { ...env, BASE_URL: baseUrl };
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests and the CLI point the process at another configuration. */
export function resetEnv(): void {
  cached = undefined;
}
