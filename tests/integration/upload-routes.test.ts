// @test-database any: who may do what over the routes, and their answers; the SQL beneath is tested on both databases by its service's own tests (decision 0020).
/**
 * POST /cms/uploads on the real database and disk, with real sessions: who may upload,
 * what a successful upload leaves, and that every refusal leaves nothing behind.
 */
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUserWithPassword } from "~/modules/users/users.server";
import { storedFiles, uploadRows, wipeUploads } from "~/modules/uploads/uploads.test-support";
import { action, loader } from "~/routes/cms.uploads";
import { invokeRoute, postBody, signInCookie } from "../support/route-calls";

type Who = "admin" | "trainer" | "member";

const PASSWORD = "upload-route-password";
const cookies: Record<Who, string> = { admin: "", trainer: "", member: "" };
const ids: Record<Who, string> = { admin: "", trainer: "", member: "" };

beforeAll(async () => {
  for (const who of ["admin", "trainer", "member"] as const) {
    ids[who] = (await createUserWithPassword({ name: `Upload ${who}`, email: `${who}@uploads-route.test`, password: PASSWORD, role: who })).id;
    cookies[who] = await signInCookie(`${who}@uploads-route.test`, PASSWORD);
  }
});

beforeEach(wipeUploads);

function upload(who: Who | null, body: BodyInit | null, headers: Record<string, string> = {}) {
  return invokeRoute(action, postBody("/cms/uploads", who && cookies[who], body, { "content-type": "image/jpeg", ...headers })) as Promise<Response>;
}

const jpeg = (width = 1200, height = 900) => sharp({ create: { width, height, channels: 3, background: "#dc2626" } }).jpeg().toBuffer();

async function expectNothingStored() {
  expect(await uploadRows()).toEqual([]);
  expect(storedFiles()).toEqual([]);
}

describe("POST /cms/uploads permissions", () => {
  it("answers a signed-out visitor 401 'Not authenticated' and stores nothing", async () => {
    const response = await upload(null, await jpeg());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Not authenticated" });
    await expectNothingStored();
  });

  it("answers a member 403 with a message and stores nothing", async () => {
    const response = await upload("member", await jpeg());
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "You do not have permission to upload images." });
    await expectNothingStored();
  });

  it("answers GET with 405", async () => {
    const response = (await loader()) as Response;
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    const put = await invokeRoute(action, new Request("http://localhost:3000/cms/uploads", { method: "PUT", body: "x" }));
    expect((put as Response).status).toBe(405);
  });
});

describe("POST /cms/uploads for trainers and administrators", () => {
  it.each(["trainer", "admin"] as const)("stores the image of a %s: 201 with the image, a row and the files", async (who) => {
    const response = await upload(who, await jpeg());
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { image } = (await response.json()) as { image: { id: string; src: string; width: number; height: number; alt: string; sources: object } };
    expect(image).toMatchObject({ src: `/uploads/images/${image.id}/1200.jpg`, width: 1200, height: 900, alt: "" });
    expect(image.sources).toEqual({
      avif: `/uploads/images/${image.id}/480.avif 480w, /uploads/images/${image.id}/960.avif 960w, /uploads/images/${image.id}/1200.avif 1200w`,
      webp: `/uploads/images/${image.id}/480.webp 480w, /uploads/images/${image.id}/960.webp 960w, /uploads/images/${image.id}/1200.webp 1200w`,
    });
    expect(await uploadRows()).toEqual([expect.objectContaining({ id: image.id, kind: "image", createdById: ids[who] })]);
    expect(storedFiles()).toHaveLength(9);
    expect(storedFiles().every((key) => key.startsWith(`images/${image.id}/`))).toBe(true);
  });

  it("ignores the declared type: a PNG sent as text/plain is still an image", async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: "#00000000" } }).png().toBuffer();
    const response = await upload("trainer", png, { "content-type": "text/plain" });
    expect(response.status).toBe(201);
    expect(storedFiles().filter((key) => key.endsWith(".png"))).toHaveLength(1);
  });

  it.each([
    ["a text file sent as image/jpeg", () => Buffer.from("this is not a photo"), {}, 415, "Please choose an image file (JPEG, PNG, WebP, AVIF or GIF)."],
    ["an SVG", () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { "content-type": "image/svg+xml" }, 415, "Please choose an image file (JPEG, PNG, WebP, AVIF or GIF)."],
    ["an HTML page", () => Buffer.from("<html><script>alert(1)</script></html>"), { "content-type": "text/html" }, 415, "Please choose an image file (JPEG, PNG, WebP, AVIF or GIF)."],
    ["an empty body", () => Buffer.alloc(0), {}, 422, "The file is empty. Please choose an image file."],
    ["13000 × 100 pixels", () => sharp({ create: { width: 13000, height: 100, channels: 3, background: "#fff" } }).png().toBuffer(), { "content-type": "image/png" }, 422, "The image is too large: at most 12,000 pixels on each side."],
    ["7000 × 7000 pixels", () => sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#fff" } }).png().toBuffer(), { "content-type": "image/png" }, 422, "The image is too large: at most 40 megapixels."],
    ["a truncated JPEG", async () => (await jpeg()).subarray(0, 700), {}, 422, "The image could not be read. It may be damaged or incomplete."],
    ["11 MB", () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 1024 * 1024)]), {}, 413, "The image is larger than 10 MB."],
  ] as const)("refuses %s with a message and stores nothing", async (_name, make, headers, status, message) => {
    const response = await upload("trainer", await make(), headers);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: message });
    await expectNothingStored();
  });

  it("refuses a body whose Content-Length says more than 10 MB with 413", async () => {
    const response = await upload("trainer", await jpeg(100, 100), { "content-length": String(20 * 1024 * 1024) });
    expect(response.status).toBe(413);
    await expectNothingStored();
  });
});
