/**
 * Storing uploaded images on the real database and the local disk: who may, what a
 * stored image leaves behind, and that a refusal or a failure leaves nothing.
 */
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { getStorage } from "~/lib/storage.server";
import { createUserWithPassword } from "~/modules/users/users.server";
import { getPictureImages, storeImage, toPictureImage } from "./uploads.server";
import { AppError } from "~/lib/app-error";
import { storedFiles, uploadRows, wipeUploads } from "./uploads.test-support";

const trainer = { id: "", email: "trainer@uploads.test", role: "trainer" as const };
const admin = { id: "", email: "admin@uploads.test", role: "admin" as const };

beforeAll(async () => {
  trainer.id = (await createUserWithPassword({ email: trainer.email, password: "uploads-password", name: "Tess Trainer", role: "trainer" })).id;
  admin.id = (await createUserWithPassword({ email: admin.email, password: "uploads-password", name: "Ada Admin", role: "admin" })).id;
});

beforeEach(async () => {
  await wipeUploads();
  await getDb().delete(auditLog);
});

const photo = (width = 2000, height = 1000) => sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } }).jpeg().toBuffer();

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("storeImage", () => {
  it("stores the renditions and a row, and answers how to show the image", async () => {
    const image = await storeImage(trainer, await photo());
    expect(image.id).toMatch(/^[\w-]{22,}$/);
    const base = `/uploads/images/${image.id}`;
    expect(image).toEqual({
      id: image.id,
      src: `${base}/1600.jpg`,
      width: 1600,
      height: 800,
      alt: "",
      sources: {
        avif: `${base}/480.avif 480w, ${base}/960.avif 960w, ${base}/1600.avif 1600w`,
        webp: `${base}/480.webp 480w, ${base}/960.webp 960w, ${base}/1600.webp 1600w`,
      },
    });
    const keys = [480, 960, 1600].flatMap((w) => ["avif", "jpg", "webp"].map((ext) => `images/${image.id}/${w}.${ext}`)).sort();
    expect(storedFiles()).toEqual(keys);
    const [row] = await uploadRows();
    expect(row).toMatchObject({ id: image.id, kind: "image", width: 1600, height: 800, createdById: trainer.id });
    expect(row!.variants.map((v) => v.key).sort()).toEqual(keys);
    expect(row!.variants.find((v) => v.key.endsWith("960.webp"))).toMatchObject({ format: "webp", contentType: "image/webp", width: 960, height: 480 });
    const stored = await getStorage().get(`images/${image.id}/960.webp`);
    expect(stored?.bytes).toBe(row!.variants.find((v) => v.key.endsWith("960.webp"))!.bytes);
    stored?.body.destroy();
  });

  it("records who uploaded in the audit log", async () => {
    const image = await storeImage(admin, await photo(800, 600));
    const entries = await getDb().select().from(auditLog);
    expect(entries).toEqual([
      expect.objectContaining({ action: "upload.created", actorId: admin.id, actorEmail: admin.email, targetType: "upload", targetId: image.id }),
    ]);
  });

  it("gives every upload a new random name", async () => {
    const bytes = await photo(300, 200);
    const [a, b] = [await storeImage(trainer, bytes), await storeImage(trainer, bytes)];
    expect(a.id).not.toBe(b.id);
    expect(await uploadRows()).toHaveLength(2);
  });

  it("refuses members with 403 and stores nothing", async () => {
    const error = await storeImage({ ...trainer, role: "member" }, await photo()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ init: { status: 403 } });
    expect(await uploadRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it.each([
    ["not an image", () => Promise.resolve(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>")), 415],
    ["too many pixels", () => sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#fff" } }).png().toBuffer(), 422],
    ["a truncated JPEG", async () => (await photo()).subarray(0, 600), 422],
  ])("refuses %s and stores nothing", async (_name, make, status) => {
    const error = await refusalOf(storeImage(trainer, await make()));
    expect(error.status).toBe(status);
    expect(await uploadRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(await getDb().select().from(auditLog)).toEqual([]);
  });

  it("removes the files again when the row cannot be written", async () => {
    // An uploader id that no longer exists breaks the foreign key: a real database failure.
    const ghost = { ...trainer, id: "deleted-user-id" };
    await expect(storeImage(ghost, await photo(600, 400))).rejects.toThrow();
    expect(await uploadRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });
});

describe("getPictureImages", () => {
  it("finds images by id in one call, skipping nulls and unknown ids", async () => {
    const one = await storeImage(trainer, await photo(1000, 500));
    const two = await storeImage(trainer, await photo(300, 300));
    const images = await getPictureImages([one.id, null, "unknown-id", two.id, one.id]);
    expect([...images.keys()].sort()).toEqual([one.id, two.id].sort());
    const { id: _one, ...first } = one;
    expect(images.get(one.id)).toEqual(first);
    expect(images.get(two.id)).toMatchObject({ src: `/uploads/images/${two.id}/300.jpg`, width: 300, height: 300, alt: "" });
    expect(await getPictureImages([])).toEqual(new Map());
    expect(await getPictureImages([null])).toEqual(new Map());
  });

  it("shows a transparent image with a PNG fallback", () => {
    const variants = [
      { key: "images/x/480.avif", format: "avif", contentType: "image/avif", width: 480, height: 240, bytes: 1 },
      { key: "images/x/480.webp", format: "webp", contentType: "image/webp", width: 480, height: 240, bytes: 1 },
      { key: "images/x/480.png", format: "png", contentType: "image/png", width: 480, height: 240, bytes: 1 },
    ] as const;
    expect(toPictureImage([...variants])).toEqual({
      src: "/uploads/images/x/480.png",
      width: 480,
      height: 240,
      alt: "",
      sources: { avif: "/uploads/images/x/480.avif 480w", webp: "/uploads/images/x/480.webp 480w" },
    });
  });
});
