/**
 * How many HTTP requests for pages, actions and uploads this process is answering
 * (server/app.ts counts them; static files and /healthz are not counted). Work in the
 * background on PGlite's one connection yields to them: an assigned copy rests between
 * its steps only while someone is waiting for an answer.
 */
import type { NextFunction, Request, Response } from "express";

let answering = 0;

/** Express middleware: counts the request until its response is finished or abandoned. */
export function countRequestsInFlight(_req: Request, res: Response, next: NextFunction): void {
  answering += 1;
  res.once("close", () => {
    answering -= 1;
  });
  next();
}

export function requestsInFlight(): number {
  return answering;
}
