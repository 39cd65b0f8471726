import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request sent exactly as written (fetch cannot set Host, and tidies paths):
 * the tests play the TLS-terminating proxy with Host and X-Forwarded-* headers.
 */
export function rawRequest(
  base: string,
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request({ host: url.hostname, port: url.port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** "name=value" pairs of Set-Cookie headers, for the next request's Cookie header. */
export function cookieHeader(response: RawResponse): string {
  return (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).join("; ");
}
