import pino from "pino";
import { getEnv } from "./env.server";

let logger: pino.Logger | undefined;

/** One structured logger. Secrets and health answers never reach it (see redact). */
export function getLogger(): pino.Logger {
  logger ??= pino({
    level: process.env.NODE_ENV === "test" && !process.env.LOG_LEVEL ? "silent" : getEnv().LOG_LEVEL,
    base: undefined,
    redact: {
      paths: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"],
      censor: "[redacted]",
    },
  });
  return logger;
}
