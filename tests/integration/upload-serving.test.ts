// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * GET /uploads/* through the real HTTP application (server/application.ts): stored images come
 * back with their type and a long cache life, from the local disk and from S3; unknown
 * and malicious paths are a 404.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "~/lib/env.server";
import { getStorage, resetStorage } from "~/lib/storage.server";
import { storeImage } from "~/modules/uploads/uploads.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { boot } from "../../server/app";
import { S3_TEST_CREDENTIALS, startS3Server, type RunningS3 } from "../support/s3-server";

let server: http.Server;
let base: string;
let stop: () => Promise<void>;
const trainer = { id: "", email: "trainer@serving.test", role: "trainer" as const };

beforeAll(async () => {
  const booted = await boot({ assets: { middleware: (_req, _res, next) => next() } });
  server = booted.server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stop = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await booted.stopJobs();
    await booted.database.close();
  };
  trainer.id = (await createUserWithPassword({ email: trainer.email, password: "serving-password", name: "Sam Trainer", role: "trainer" })).id;
});

afterAll(() => stop?.());

/** A request sent exactly as written: fetch would tidy '..' away before sending. */
function rawGet(path: string, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request({ host: url.hostname, port: url.port, path, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const photo = () => sharp({ create: { width: 1000, height: 500, channels: 3, background: "#0f766e" } }).jpeg().toBuffer();

async function expectServed(id: string) {
  for (const [file, type] of [["480.avif", "image/avif"], ["960.webp", "image/webp"], ["1000.jpg", "image/jpeg"]] as const) {
    const response = await rawGet(`/uploads/images/${id}/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe(type);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    const meta = await sharp(response.body).metadata();
    expect(meta.width).toBe(Number(file.split(".")[0]));
  }
  const head = await rawGet(`/uploads/images/${id}/480.webp`, "HEAD");
  expect(head.status).toBe(200);
  expect(head.headers["content-type"]).toBe("image/webp");
  expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  expect(head.body.length).toBe(0);
}

describe("serving uploads from the local disk", () => {
  let id: string;
  beforeAll(async () => {
    id = (await storeImage(trainer, await photo())).id;
  });

  it("answers a stored image with its type, size and a one-year immutable cache", async () => {
    await expectServed(id);
    // Through fetch too, as a browser would ask.
    const response = await fetch(`${base}/uploads/images/${id}/480.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it.each([
    "/uploads/images/AAAAAAAAAAAAAAAAAAAAAA/480.webp",
    "/uploads/images/{id}/123.webp",
    "/uploads/images/{id}/480.gif",
    "/uploads/images/{id}",
    "/uploads/images/",
    "/uploads/",
    "/uploads/../db/x",
    "/uploads/images/../../db/PG_VERSION",
    "/uploads/images/{id}/..%2F..%2F..%2Fdb%2FPG_VERSION",
    "/uploads/%2e%2e/%2e%2e/db/PG_VERSION",
    "/uploads/images%2F{id}%2F480.webp",
    "/uploads/images/{id}/480.WEBP",
    "/uploads/images/{id}/.480.webp",
    "/uploads/images\\{id}\\480.webp",
  ])("answers 404 for %s", async (template) => {
    const response = await rawGet(template.replaceAll("{id}", id));
    expect(response.status).toBe(404);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
  });

  it("answers 400 for a NUL in the key, before the storage is asked (server/path-guard.ts)", async () => {
    const response = await rawGet(`/uploads/images/${id}/480.webp%00.png`);
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
  });
});

describe("serving uploads from S3", () => {
  let s3: RunningS3;
  const saved = { ...process.env };

  beforeAll(async () => {
    s3 = await startS3Server();
    Object.assign(process.env, {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    });
    resetEnv();
    resetStorage();
  });

  afterAll(async () => {
    for (const name of ["S3_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnv();
    resetStorage();
    await s3?.stop();
  });

  it("stores into the bucket and serves from it the same way", async () => {
    expect(getStorage().description).toBe(`S3 bucket ${s3.bucket} at ${s3.endpoint}`);
    const { id } = await storeImage(trainer, await photo());
    await expectServed(id);
    expect((await rawGet(`/uploads/images/${id}/1600.webp`)).status).toBe(404);
  });
});
