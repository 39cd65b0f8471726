/**
 * Progress photos on the real database and storage (local disk; S3 through s3rver for
 * deletion): private keys, no EXIF or GPS in what is stored, refusals that leave nothing,
 * the limits under the member's lock, who reads and who gets 'not found'.
 */
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { S3_TEST_CREDENTIALS, startS3Server } from "~/../tests/support/s3-server";
import { getDb } from "~/db/client.server";
import { progressPhoto } from "~/db/schema/progress-photos";
import { AppError } from "~/lib/app-error";
import { getStorage, resetStorage, S3FileStorage } from "~/lib/storage.server";
import { todayForSite } from "~/modules/settings/settings.server";
import { isServableKey } from "~/modules/uploads/serve-upload.server";
import { imageQueueCounts } from "~/modules/uploads/image-queue.server";
import { storedFiles } from "~/modules/uploads/uploads.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { HEIC_MESSAGE, preparePrivateImage } from "./private-images.server";
import { MAX_PHOTOS_PER_MEMBER, PHOTO_DATES_PER_PAGE, TOO_MANY_PHOTOS, tooManyForPose } from "./progress-photos.schema";
import { deleteProgressPhoto, insertProgressPhotos, listProgressPhotos, openProgressPhoto, photosOfCheckIns, uploadProgressPhoto } from "./progress-photos.server";
import { gpsJpeg, heicBytes, wipePhotos } from "./progress-photos.test-support";

const member = { id: "", role: "member" as const };
const other = { id: "", role: "member" as const };
const trainer = { id: "", role: "trainer" as const };

beforeAll(async () => {
  member.id = (await createUserWithPassword({ email: "mia@photos.test", password: "photos-password-1", name: "Mia Member", role: "member" })).id;
  other.id = (await createUserWithPassword({ email: "otto@photos.test", password: "photos-password-1", name: "Otto Other", role: "member" })).id;
  trainer.id = (await createUserWithPassword({ email: "tess@photos.test", password: "photos-password-1", name: "Tess Trainer", role: "trainer" })).id;
});

beforeEach(wipePhotos);
afterEach(() => resetStorage());

const small = (background = "#1d4ed8") => sharp({ create: { width: 300, height: 400, channels: 3, background } }).jpeg().toBuffer();

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function readAll(body: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function storedBytes(key: string): Promise<Buffer> {
  const file = await getStorage().get(key);
  expect(file).not.toBeNull();
  return readAll(file!.body);
}

async function upload(actor: { id: string; role: "member" }, takenOn: string, pose = "front", photo?: Buffer) {
  return uploadProgressPhoto(actor, { photo: new File([new Uint8Array(photo ?? (await small()))], "me.jpg"), pose, takenOn });
}

describe("preparing a private image", () => {
  it("stores re-encoded variants under the private prefix, which /uploads never serves, with no EXIF and no GPS", async () => {
    const photo = await gpsJpeg();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString("latin1")).toContain("PhoneCam");
    const prepared = await preparePrivateImage(new Uint8Array(photo), "progress-photos", member.id);
    expect(prepared).toMatchObject({ width: 800, height: 1200 });
    const keys = prepared.variants.map((v) => v.key).sort();
    expect(keys).toEqual(["480", "800"].flatMap((w) => ["avif", "jpg", "webp"].map((ext) => `progress-photos/${prepared.id}/${w}.${ext}`)).sort());
    expect(storedFiles()).toEqual(keys);
    for (const key of keys) {
      expect(isServableKey(key)).toBe(false);
      const bytes = await storedBytes(key);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes("PhoneCam")).toBe(false);
      // The GPS block's tag (0x8825) and the latitude's reference letter are nowhere in the file.
      expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
    }
  });

  it("refuses a 30 MB file, a HEIC and a file that is not an image, writing nothing", async () => {
    const huge = Buffer.concat([await small(), Buffer.alloc(30 * 1024 * 1024)]);
    expect(await refusalOf(preparePrivateImage(new Uint8Array(huge), "message-images", member.id))).toMatchObject({ status: 413, message: "The image is larger than 10 MB." });
    expect(await refusalOf(preparePrivateImage(new Uint8Array(heicBytes()), "progress-photos", member.id))).toMatchObject({ status: 415, message: HEIC_MESSAGE });
    const text = new TextEncoder().encode("Just my notes, saved as photo.jpg");
    expect(await refusalOf(preparePrivateImage(text, "progress-photos", member.id))).toMatchObject({ status: 415, message: "Please choose an image file (JPEG, PNG, WebP, AVIF or GIF)." });
    expect(storedFiles()).toEqual([]);
  });
});

describe("uploading and reading photos", () => {
  it("lists a member's photos by date, newest first, to the member and the staff; another member and an unknown member get 'not found'", async () => {
    const today = await todayForSite();
    await upload(member, "2026-01-05", "front");
    await upload(member, "2026-01-05", "back");
    await upload(member, today, "side");
    const own = await listProgressPhotos(member, member.id);
    expect(own.days.map((d) => [d.date, d.photos.map((p) => p.pose)])).toEqual([
      [today, ["side"]],
      ["2026-01-05", ["front", "back"]],
    ]);
    expect(own.days[1]!.photos[0]!.image.src).toMatch(new RegExp(`^/progress-photos/${own.days[1]!.photos[0]!.id}/300\\.jpg$`));
    expect(own.comparison).toMatchObject({ before: "2026-01-05", after: today });
    expect(own.member).toBeNull();

    const staffView = await listProgressPhotos(trainer, member.id);
    expect(staffView.member).toMatchObject({ id: member.id, name: "Mia Member" });
    expect(staffView.days).toEqual(own.days);

    expect(await refusalOf(listProgressPhotos(other, member.id))).toMatchObject({ status: 404 });
    expect(await refusalOf(listProgressPhotos(trainer, "no-such-member"))).toMatchObject({ status: 404, message: "Member not found" });
    expect((await listProgressPhotos(other, other.id)).days).toEqual([]);
  });

  it("pages the timeline by dates and compares the two dates asked for", async () => {
    const rows = Array.from({ length: PHOTO_DATES_PER_PAGE + 2 }, (_, i) => fakeRow(member.id, `2025-03-${String(i + 1).padStart(2, "0")}`));
    await getDb().insert(progressPhoto).values(rows);
    const first = await listProgressPhotos(member, member.id);
    expect(first).toMatchObject({ page: 1, pageCount: 2 });
    expect(first.days.map((d) => d.date)[0]).toBe("2025-03-12");
    const second = await listProgressPhotos(member, member.id, { page: 2 });
    expect(second.days.map((d) => d.date)).toEqual(["2025-03-02", "2025-03-01"]);
    expect((await listProgressPhotos(member, member.id, { page: 99 })).page).toBe(2);
    const compared = await listProgressPhotos(member, member.id, { before: "2025-03-09", after: "2025-03-04" });
    expect(compared.comparison).toMatchObject({ before: "2025-03-04", after: "2025-03-09" });
    expect(compared.comparison!.poses.map((p) => [p.pose, p.before?.takenOn, p.after?.takenOn])).toEqual([["front", "2025-03-04", "2025-03-09"]]);
    // A date without photos is not compared: the default pair instead.
    expect((await listProgressPhotos(member, member.id, { before: "2024-01-01", after: "2025-03-04" })).comparison).toMatchObject({ before: "2025-03-01", after: "2025-03-12" });
  });

  it("refuses a future date, a wrong pose and a missing file before touching the image", async () => {
    await expect(uploadProgressPhoto(member, { photo: new File([await small()], "a.jpg"), pose: "top", takenOn: "2026-01-01" })).rejects.toMatchObject({ name: "ZodError" });
    await expect(uploadProgressPhoto(member, { photo: new File([await small()], "a.jpg"), pose: "front", takenOn: "2999-01-01" })).rejects.toMatchObject({ name: "ZodError" });
    expect(await refusalOf(uploadProgressPhoto(member, { photo: "not a file", pose: "front", takenOn: "2026-01-01" }))).toMatchObject({ status: 400, fieldErrors: { photo: "Please choose a photo." } });
    expect(storedFiles()).toEqual([]);
    expect(await getDb().select().from(progressPhoto)).toEqual([]);
  });
});

function fakeRow(userId: string, takenOn: string, pose: "front" | "side" | "back" = "front") {
  const id = `fake-${Math.random().toString(36).slice(2)}`;
  return { id, userId, takenOn, pose, width: 10, height: 10, variants: [{ key: `progress-photos/${id}/10.jpg`, format: "jpeg" as const, contentType: "image/jpeg", width: 10, height: 10, bytes: 1 }] };
}

describe("limits", () => {
  it("keeps at most three photos of a pose on a date; the fourth is refused before any image work and leaves no file", async () => {
    for (let i = 0; i < 3; i += 1) await upload(member, "2026-02-01", "side");
    const fourth = await gpsJpeg();
    const encodes = imageQueueCounts().started;
    expect(await refusalOf(upload(member, "2026-02-01", "side", fourth))).toMatchObject({ status: 409, message: tooManyForPose("side"), fieldErrors: { pose: tooManyForPose("side") } });
    expect(imageQueueCounts().started).toBe(encodes);
    await upload(member, "2026-02-01", "front");
    await upload(member, "2026-02-02", "side");
    expect(storedFiles()).toHaveLength(5 * 3);
  });

  it("counts photos saved at the same time: two saves meeting at the last place store one, round after round", async () => {
    // insertProgressPhotos writes rows only (the files are the caller's): images without files race as well.
    const image = () => {
      const { id, width, height, variants } = fakeRow(member.id, "2026-02-03");
      return { id, width, height, variants };
    };
    for (let round = 0; round < 20; round += 1) {
      const takenOn = `2025-02-${String(round + 1).padStart(2, "0")}`;
      await getDb().insert(progressPhoto).values([fakeRow(member.id, takenOn), fakeRow(member.id, takenOn)]);
      const save = () => getDb().transaction((tx) => insertProgressPhotos(tx, member.id, [{ pose: "front", image: image() }], { takenOn }));
      const outcomes = await Promise.allSettled([save(), save()]);
      expect(outcomes.map((o) => (o.status === "rejected" ? (o.reason as AppError).status : "ok")).sort()).toEqual([409, "ok"]);
      expect(await getDb().select().from(progressPhoto).where(eq(progressPhoto.takenOn, takenOn))).toHaveLength(3);
    }
  });

  it(`keeps at most ${MAX_PHOTOS_PER_MEMBER} photos per member`, async () => {
    const rows = Array.from({ length: MAX_PHOTOS_PER_MEMBER - 1 }, (_, i) => fakeRow(member.id, `2024-01-01`, (["front", "side", "back"] as const)[i % 3]));
    await getDb().insert(progressPhoto).values(rows);
    await upload(member, "2026-02-04");
    const photo = await small();
    const encodes = imageQueueCounts().started;
    expect(await refusalOf(upload(member, "2026-02-05", "front", photo))).toMatchObject({ status: 409, message: TOO_MANY_PHOTOS });
    expect(imageQueueCounts().started).toBe(encodes);
    expect(storedFiles()).toHaveLength(3);
  });
});

describe("serving and deleting", () => {
  it("serves the bytes privately to the member and the staff; another member gets 'not found'", async () => {
    const { id } = await upload(member, "2026-03-01");
    const own = await openProgressPhoto(member, id, "300.webp");
    expect(own.contentType).toBe("image/webp");
    const bytes = await readAll(own.body);
    expect(bytes.length).toBe(own.bytes);
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    const staff = await openProgressPhoto(trainer, id, "300.jpg");
    expect(staff.contentType).toBe("image/jpeg");
    staff.body.destroy();
    expect(await refusalOf(openProgressPhoto(other, id, "300.jpg"))).toMatchObject({ status: 404 });
    expect(await refusalOf(openProgressPhoto(member, id, "../300.jpg"))).toMatchObject({ status: 404 });
    expect(await refusalOf(openProgressPhoto(member, id, "960.jpg"))).toMatchObject({ status: 404 });
    expect(await refusalOf(openProgressPhoto(member, "unknown", "300.jpg"))).toMatchObject({ status: 404 });
  });

  it("deletes the member's own photo and its files; another member's is 'not found' and stays", async () => {
    const { id } = await upload(member, "2026-03-02");
    const kept = await upload(other, "2026-03-02");
    expect(await refusalOf(deleteProgressPhoto(other, id))).toMatchObject({ status: 404, message: "Photo not found" });
    expect(await refusalOf(deleteProgressPhoto(trainer, id))).toMatchObject({ status: 404 });
    expect(storedFiles().filter((key) => key.includes(id))).toHaveLength(3);
    await deleteProgressPhoto(member, id);
    expect(storedFiles().filter((key) => key.includes(id))).toEqual([]);
    expect(storedFiles().filter((key) => key.includes(kept.id))).toHaveLength(3);
    expect(await getDb().select({ id: progressPhoto.id }).from(progressPhoto)).toEqual([{ id: kept.id }]);
    expect(await refusalOf(deleteProgressPhoto(member, id))).toMatchObject({ status: 404 });
  });

  it("deletes the objects from an S3 bucket", async () => {
    const s3 = await startS3Server();
    try {
      resetStorage(new S3FileStorage({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, credentials: S3_TEST_CREDENTIALS }));
      const { id } = await upload(member, "2026-03-03");
      const [row] = await getDb().select().from(progressPhoto).where(eq(progressPhoto.id, id));
      const stored = await getStorage().get(row!.variants[0]!.key);
      expect(stored).not.toBeNull();
      stored!.body.destroy();
      expect(storedFiles()).toEqual([]);
      await deleteProgressPhoto(member, id);
      for (const variant of row!.variants) expect(await getStorage().get(variant.key)).toBeNull();
    } finally {
      resetStorage();
      await s3.stop();
    }
  });

  it("finds the photos of check-ins", async () => {
    expect((await photosOfCheckIns([])).size).toBe(0);
    await upload(member, "2026-03-04");
    expect((await photosOfCheckIns(["no-such-check-in"])).size).toBe(0);
  });
});
