// @test-database none
/**
 * A form refused before its whole body was read still gets its whole answer, and the
 * connection then serves the client's next request (server/unread-bodies.ts). The body is
 * read as React Router reads it (its Node stream adapter) and refused by the site's own
 * reader; the refusal's page is large, as the workout page is.
 */
import type http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { BodyError, readForm } from "~/lib/request-body.server";
import { discardUnreadBodies } from "../../server/unread-bodies";

const FORM_LIMIT = 64 * 1024;
/** Larger than the socket buffers between the two ends: what a reset drops is visible. */
const REFUSAL_PAGE = `<!doctype html><p>Too large</p>${"<!-- padding -->".repeat(40_000)}<p>end of page</p>`;
const BODY = `name=${"a".repeat(600 * 1024)}`;

let server: http.Server | undefined;
let socketsClosed = 0;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function listen(discardLimit?: number): Promise<number> {
  const app = express();
  app.use(discardUnreadBodies(discardLimit));
  app.get("/next", (_req, res) => {
    res.type("text/plain").send("next answered");
  });
  app.post("/form", async (req, res) => {
    const request = new Request(`http://localhost${req.url}`, { method: "POST", headers: req.headers as Record<string, string>, body: createReadableStreamFromReadable(req), duplex: "half" } as RequestInit);
    try {
      await readForm(request, FORM_LIMIT);
      res.type("text/plain").send("read");
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      res.status(error.status).type("text/html").send(REFUSAL_PAGE);
    }
  });
  server = app.listen(0, "127.0.0.1");
  socketsClosed = 0;
  server.on("connection", (socket) => socket.once("close", () => (socketsClosed += 1)));
  await new Promise<void>((resolve) => server!.once("listening", resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Sends `requests` on one connection, all written before anything is read, and collects
 * what comes back until the server closes or `answers` responses have ended.
 */
function exchange(port: number, requests: string[], answers: number): Promise<{ text: string; error: string | null }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    let error: string | null = null;
    const text = () => Buffer.concat(received).toString("latin1");
    const done = () => {
      socket.destroy();
      resolve({ text: text(), error });
    };
    socket.pause();
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      if (text().split("HTTP/1.1 ").length - 1 >= answers && text().trimEnd().endsWith(answers > 1 ? "next answered" : "end of page</p>")) done();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on("close", done);
    socket.write(requests.join(""), () => socket.resume());
  });
}

const post = (headers: string, body: string) => `POST /form HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n${headers}\r\n${body}`;
const chunked = (body: string) => `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
const NEXT = "GET /next HTTP/1.1\r\nHost: localhost\r\n\r\n";

describe("a form refused before its body was read", () => {
  it("answers a body whose Content-Length says too much with the whole page, then the next request on the connection", async () => {
    const port = await listen();
    const { text, error } = await exchange(port, [post(`Content-Length: ${BODY.length}\r\n`, BODY), NEXT], 2);
    expect(error).toBeNull();
    expect(text).toMatch(/^HTTP\/1.1 413 /);
    expect(text).toContain("end of page</p>");
    expect(text).toContain("next answered");
  });

  it("answers a body sent in chunks that grows past the limit the same way (it was a reset with no answer)", async () => {
    const port = await listen();
    const { text, error } = await exchange(port, [post("Transfer-Encoding: chunked\r\n", chunked(BODY)), NEXT], 2);
    expect(error).toBeNull();
    expect(text).toMatch(/^HTTP\/1.1 413 /);
    expect(text).toContain("end of page</p>");
    expect(text).toContain("next answered");
  });

  it("closes the connection of a body that says it is larger than the most worth reading, after the whole answer", async () => {
    const port = await listen(1024 * 1024);
    // Only the head is sent: nothing is left unread when the server closes.
    const { text, error } = await exchange(port, [post(`Content-Length: ${2 * 1024 * 1024}\r\n`, "")], 1);
    expect(error).toBeNull();
    expect(text).toMatch(/^HTTP\/1.1 413 /);
    expect(text.toLowerCase()).toContain("connection: close");
    expect(text).toContain("end of page</p>");
  });

  it("stops reading a chunked body once more than the most worth reading has been thrown away", async () => {
    const port = await listen(1024 * 1024);
    const { text } = await exchange(port, [post("Transfer-Encoding: chunked\r\n", chunked("a".repeat(3 * 1024 * 1024))), NEXT], 2);
    expect(text).not.toContain("next answered");
    expect(socketsClosed).toBe(1);
  });
});
