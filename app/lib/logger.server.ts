import pino from "pino";
import { getEnv } from "./env.server";

let logger: pino.Logger | undefined;
let destination: pino.DestinationStream | undefined;

/** Tests read what would be logged: from the next getLogger() on, lines go to this stream instead of stdout. */
export function setLogDestination(stream: pino.DestinationStream | undefined): void {
  destination = stream;
  logger = undefined;
}

/** One structured logger. Secrets and health answers never reach it (see redact). */
export function getLogger(): pino.Logger {
  const options: pino.LoggerOptions = {
    level: process.env.NODE_ENV === "test" && !process.env.LOG_LEVEL ? "silent" : getEnv().LOG_LEVEL,
    base: undefined,
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "accessToken",
        "*.accessToken",
        "headers.cookie",
        "headers.authorization",
        "headers.Authorization",
        "*.headers.authorization",
        "*.headers.Authorization",
      ],
      censor: "[redacted]",
    },
  };
  logger ??= destination ? pino(options, destination) : pino(options);
  return logger;
}

/** Path segments that are secrets: a calendar feed's address (/calendar/<secret>.ics, decision 0090). */
const SECRET_PATH = /^(\/calendar\/)[^/]+/;
/**
 * Query parameters that carry secrets: a one-time link's token (set-up, reset, invitation,
 * unsubscribe, data export) and the way back after signing in, which may hold such a link.
 */
const SECRET_PARAMS = ["token", "redirectTo", "next"];
const REDACTED = "[redacted]";

/** A request path as a log line may hold it: a secret segment is replaced. */
export function loggablePath(pathname: string): string {
  return pathname.replace(SECRET_PATH, `$1${REDACTED}`);
}

/** A request URL as a log line may hold it: path and query, every secret replaced. */
export function loggableUrl(url: string): string {
  const parsed = new URL(url, "http://localhost");
  for (const name of SECRET_PARAMS) if (parsed.searchParams.has(name)) parsed.searchParams.set(name, REDACTED);
  return `${parsed.origin}${loggablePath(parsed.pathname)}${parsed.search}`;
}
