import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { ReactNode } from "react";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { dropModulePreloads } from "./head-priority.server";
import { getLogger, loggableUrl } from "./logger.server";

/** How long React Router streams deferred loader data (entry.server.tsx exports it). */
export const STREAM_TIMEOUT_MS = 5_000;
/** A render not finished this long after it began is abandoned (a second after the data stream gives up). */
export const RENDER_DEADLINE_MS = STREAM_TIMEOUT_MS + 1_000;

export interface DocumentRender {
  url: string;
  status: number;
  headers: Headers;
  /** Crawlers and prerendering get the whole document at once; people get the shell first. */
  waitForAll: boolean;
  nonce: string | undefined;
  deadlineMs?: number;
}

/**
 * Where React writes the document: it writes in pieces of 4 KB and calls `flush()` when a
 * pass of its render is written, so the pieces are held until then and go on as one. The
 * gzip stream of the compression middleware costs a round trip to its thread per piece:
 * the workout page's 92 KB in pieces cost 3.4 ms of CPU to compress, in one 0.6 ms, and
 * each piece also crossed the web stream and the socket on its own (decision 0172).
 */
class DocumentBuffer extends Transform {
  private held: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.held.push(chunk);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.flush();
    callback();
  }

  /** React's call at the end of each pass: what it wrote goes on. */
  flush(): void {
    if (this.held.length === 0) return;
    const out = this.held.length === 1 ? this.held[0]! : Buffer.concat(this.held);
    this.held = [];
    this.push(out);
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page for a render abandoned before anything was sent: the error screen's words
 * (components/error-screen.tsx) in a document of its own, since the app's did not finish.
 */
function abandonedPage(url: string, headers: Headers, nonce: string | undefined): Response {
  const path = new URL(url).pathname;
  const nonceAttribute = nonce ? ` nonce="${escapeHtml(nonce)}"` : "";
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Something went wrong</title>
<style${nonceAttribute}>body{font-family:system-ui,sans-serif;margin:0;color:#18181b}main{max-width:36rem;margin:0 auto;padding:6rem 1rem;text-align:center}h1{text-transform:uppercase;font-size:2.25rem}a{display:inline-block;margin:.5rem;padding:.75rem 1.25rem;border-radius:.375rem;background:#b91c1c;color:#fff;font-weight:600;text-decoration:none}a+a{background:#fff;color:#18181b;border:1px solid #a1a1aa}</style>
</head><body><main><h1>Something went wrong</h1><p>The page took too long to prepare. Please try again in a moment.</p><p><a href="${escapeHtml(path)}">Reload Page</a><a href="/">Return to Home</a></p></main></body></html>`;
  const out = new Headers(headers);
  out.set("Content-Type", "text/html; charset=utf-8");
  out.set("Cache-Control", "no-store");
  out.set("Retry-After", "5");
  return new Response(html, { status: 503, headers: out });
}

/**
 * Renders the document, streaming it once its shell (or, for `waitForAll`, all of it) is
 * ready. A render still unfinished at the deadline is abandoned and logged with its URL:
 * before its shell, the answer is the 503 page above instead of an empty 500; after it,
 * the status has been sent and the log is what is left to say.
 */
export function renderDocument(element: ReactNode, render: DocumentRender): Promise<Response> {
  const started = performance.now();
  let status = render.status;
  let abandoned = false;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new DocumentBuffer();
      const stream = createReadableStreamFromReadable(body.pipe(dropModulePreloads()));
      render.headers.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: render.headers, status }));
      pipe(body);
    };
    const options: RenderToPipeableStreamOptions = {
      nonce: render.nonce,
      onShellReady: render.waitForAll ? undefined : ready,
      onAllReady() {
        clearTimeout(deadline);
        if (render.waitForAll) ready();
      },
      onShellError(error: unknown) {
        clearTimeout(deadline);
        if (abandoned) resolve(abandonedPage(render.url, render.headers, render.nonce));
        else reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // An abandoned render's errors are the abandonment, logged once below.
        if (!abandoned) getLogger().error({ err: error, url: loggableUrl(render.url), shellRendered }, "render failed");
      },
    };
    const { pipe, abort } = renderToPipeableStream(element, options);
    const deadline = setTimeout(() => {
      abandoned = true;
      getLogger().error({ url: loggableUrl(render.url), afterMs: Math.round(performance.now() - started), shellRendered }, "render abandoned: not finished in time");
      abort(new Error("The render was abandoned: it did not finish in time"));
    }, render.deadlineMs ?? RENDER_DEADLINE_MS);
  });
}
