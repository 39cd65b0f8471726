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
