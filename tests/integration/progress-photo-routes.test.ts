/**
 * The progress photo routes as React Router calls them, with real members, a trainer and
 * an administrator (better-auth sign-in cookies), the real database and the local disk:
 * who gets a photo's bytes, what is stored of an uploaded phone photo (no EXIF, no GPS),
 * that bad uploads are refused with a message and change nothing, and deletion.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { progressPhoto } from "~/db/schema/progress-photos";
import { getStorage } from "~/lib/storage.server";
import type { ActionFailure } from "~/lib/action.server";
import type { PhotoTimeline } from "~/modules/progress-photos/progress-photos.server";
import { gpsJpeg, heicBytes, wipePhotos } from "~/modules/progress-photos/progress-photos.test-support";
import { HEIC_MESSAGE } from "~/modules/progress-photos/private-images.server";
import { storedFiles } from "~/modules/uploads/uploads.test-support";
import { createUserWithPassword } from "~/modules/users/users.server";
import { middleware as membersMiddleware } from "~/routes/members";
import { action as photosRouteAction, loader as photosRouteLoader } from "~/routes/members.progress.photos";
import { loader as coachPhotosLoader } from "~/routes/coach.members.$memberId.photos";
import { loader as photoFileLoader } from "~/routes/progress-photos.$photoId.$file";
import { callRoute, callRouteOrData, getRequest, postBody, signInCookie, toastOf, underLayout, type DataResult } from "../support/route-calls";

const photosAction = underLayout(membersMiddleware, photosRouteAction);
const photosLoader = underLayout(membersMiddleware, photosRouteLoader);

type Who = "a" | "b" | "trainer" | "admin";
const PASSWORD = "photo-routes-password-1";
const cookies: Record<Who, string> = { a: "", b: "", trainer: "", admin: "" };
const ids: Record<Who, string> = { a: "", b: "", trainer: "", admin: "" };

beforeAll(async () => {
  const roles = { a: "member", b: "member", trainer: "trainer", admin: "admin" } as const;
  for (const who of ["a", "b", "trainer", "admin"] as const) {
    const email = `${who}@photo-routes.test`;
    ids[who] = (await createUserWithPassword({ name: `Photo ${who}`, email, password: PASSWORD, role: roles[who] })).id;
    cookies[who] = await signInCookie(email, PASSWORD);
  }
});

beforeEach(wipePhotos);

const PHOTOS = "/members/progress/photos";

/** The upload form as a browser sends it: multipart, the file itself, pose and date. */
function uploadRequest(cookie: string | null, photo: Uint8Array, fields: Record<string, string> = {}): Request {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("pose", fields.pose ?? "front");
  form.set("takenOn", fields.takenOn ?? "2026-01-10");
  form.set("photo", new File([new Uint8Array(photo)], "IMG_0001.jpg", { type: "image/jpeg" }));
  return new Request(`http://localhost:3000${PHOTOS}`, { method: "POST", body: form, headers: cookie ? { cookie } : {} });
}

async function uploadAsA(photo?: Buffer, fields?: Record<string, string>): Promise<string> {
  const answer = (await callRoute(photosAction, uploadRequest(cookies.a, photo ?? (await gpsJpeg(600, 400)), fields))) as Response;
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toBe(PHOTOS);
  const [row] = await getDb().select({ id: progressPhoto.id }).from(progressPhoto).where(eq(progressPhoto.userId, ids.a)).orderBy(progressPhoto.createdAt);
  return row!.id;
}

function fetchPhoto(who: Who | null, photoId: string, file: string, method = "GET") {
  const request = new Request(`http://localhost:3000/progress-photos/${photoId}/${file}`, { method, headers: who ? { cookie: cookies[who] } : {} });
  return callRoute(photoFileLoader, request, { photoId, file }) as Promise<Response>;
}

async function expectNothingChanged() {
  expect(await getDb().select().from(progressPhoto)).toEqual([]);
  expect(storedFiles()).toEqual([]);
}

describe("GET /progress-photos/:photoId/:file", () => {
  it("gives the bytes to the member and to the staff, private and never stored by a cache", async () => {
    const photoId = await uploadAsA();
    for (const who of ["a", "trainer", "admin"] as const) {
      const response = await fetchPhoto(who, photoId, "400.webp");
      expect(response.status, who).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("content-type")).toBe("image/webp");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 400, height: 600 });
    }
    const head = await fetchPhoto("a", photoId, "400.jpg", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it("gives a visitor a sign-in redirect and another member 'not found', never an image", async () => {
    const photoId = await uploadAsA();
    const visitor = await fetchPhoto(null, photoId, "400.jpg");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/progress-photos/${photoId}/400.jpg`)}`);
    expect(visitor.headers.get("content-type") ?? "").not.toMatch(/^image\//);
    expect(await visitor.text()).toBe("");

    const other = await fetchPhoto("b", photoId, "400.jpg");
    expect(other.status).toBe(404);
    expect(other.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(other.headers.get("cache-control")).toBe("private, no-store");
    expect(await other.text()).toBe("Photo not found");

    for (const [photo, file] of [["no-such-photo", "400.jpg"], [photoId, "401.jpg"], [photoId, "400.gif"], [photoId, "..%2F400.jpg"]]) {
      expect((await fetchPhoto("a", photo!, file!)).status).toBe(404);
    }
  });
});

describe("uploading on /members/progress/photos", () => {
  it("stores a phone photo re-encoded, with no EXIF and no GPS, and shows it in the member's timeline", async () => {
    const original = await gpsJpeg(600, 400);
    expect((await sharp(original).metadata()).exif?.toString("latin1")).toContain("PhoneCam");
    const answer = (await callRoute(photosAction, uploadRequest(cookies.a, original, { pose: "side", takenOn: "2026-01-12" }))) as Response;
    expect(await toastOf(answer)).toMatchObject({ type: "success", title: "Photo uploaded" });
    const [row] = await getDb().select().from(progressPhoto);
    expect(row).toMatchObject({ userId: ids.a, pose: "side", takenOn: "2026-01-12", width: 400, height: 600 });
    expect(storedFiles().every((key) => key.startsWith(`progress-photos/${row!.id}/`))).toBe(true);
    for (const variant of row!.variants) {
      const file = await getStorage().get(variant.key);
      const chunks: Buffer[] = [];
      for await (const chunk of file!.body) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, variant.key).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes("PhoneCam")).toBe(false);
    }
    const page = (await callRoute(photosLoader, getRequest(PHOTOS, cookies.a))) as { timeline: PhotoTimeline };
    expect(page.timeline.days).toEqual([{ date: "2026-01-12", photos: [expect.objectContaining({ id: row!.id, pose: "side" })] }]);
  });

  async function refusal(request: Request): Promise<{ status: number; data: ActionFailure }> {
    const answer = (await callRoute(photosAction, request)) as DataResult<ActionFailure>;
    return { status: answer.init?.status ?? 200, data: answer.data };
  }

  it("refuses a 30 MB photo, whether its size is declared or not, with the image's message and changes nothing", async () => {
    const huge = new Uint8Array(30 * 1024 * 1024);
    huge.set(await gpsJpeg(100, 100));
    const declared = await refusal(uploadRequest(cookies.a, huge));
    expect(declared).toMatchObject({ status: 413, data: { ok: false, error: "The image is larger than 10 MB." } });
    // Sent in chunks with no Content-Length: reading stops at the limit.
    const form = uploadRequest(cookies.a, huge);
    const streamed = postBody(PHOTOS, cookies.a, form.body, { "content-type": form.headers.get("content-type")! });
    expect(streamed.headers.get("content-length")).toBeNull();
    expect(await refusal(streamed)).toMatchObject({ status: 413, data: { error: "The image is larger than 10 MB." } });
    await expectNothingChanged();
  });

  it("refuses a HEIC and a file that is not an image with a message beside the file, and changes nothing", async () => {
    expect(await refusal(uploadRequest(cookies.a, heicBytes()))).toMatchObject({ status: 415, data: { fieldErrors: { photo: HEIC_MESSAGE } } });
    const text = new TextEncoder().encode("%PDF-1.7 not a photo at all");
    expect(await refusal(uploadRequest(cookies.a, text))).toMatchObject({ status: 415, data: { fieldErrors: { photo: "Please choose an image file (JPEG, PNG, WebP, AVIF or GIF)." } } });
    expect(await refusal(uploadRequest(cookies.a, await gpsJpeg(100, 100), { pose: "top" }))).toMatchObject({ status: 400, data: { fieldErrors: { pose: "Please choose front, side or back." } } });
    expect(await refusal(uploadRequest(cookies.a, await gpsJpeg(100, 100), { takenOn: "2999-01-01" }))).toMatchObject({ status: 400, data: { fieldErrors: { takenOn: "The date cannot be in the future." } } });
    await expectNothingChanged();
  });

  it("sends a visitor's upload to sign in and stores nothing", async () => {
    const answer = (await callRoute(photosAction, uploadRequest(null, await gpsJpeg(100, 100)))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(PHOTOS)}`);
    await expectNothingChanged();
  });
});

describe("deleting", () => {
  const deleteRequest = (who: Who | null, id: string) => {
    const body = new URLSearchParams({ intent: "delete", id }).toString();
    return postBody(PHOTOS, who && cookies[who], body, { "content-type": "application/x-www-form-urlencoded" });
  };

  it("removes the member's own photo and its stored files; another member gets 'not found' and it stays", async () => {
    const photoId = await uploadAsA();
    const files = storedFiles();
    expect(files.length).toBeGreaterThan(0);
    const other = (await callRoute(photosAction, deleteRequest("b", photoId))) as DataResult<ActionFailure>;
    expect(other.init?.status).toBe(404);
    expect(other.data.error).toBe("Photo not found");
    expect(storedFiles()).toEqual(files);

    const own = (await callRoute(photosAction, deleteRequest("a", photoId))) as Response;
    expect(await toastOf(own)).toMatchObject({ title: "Photo deleted" });
    await expectNothingChanged();
    expect((await fetchPhoto("a", photoId, "400.jpg")).status).toBe(404);
  });
});

describe("the staff's view /coach/members/:memberId/photos", () => {
  it("shows a member's timeline to trainers and administrators; members are sent away and unknown members are 'not found'", async () => {
    const photoId = await uploadAsA();
    for (const who of ["trainer", "admin"] as const) {
      const page = (await callRoute(coachPhotosLoader, getRequest(`/coach/members/${ids.a}/photos`, cookies[who]), { memberId: ids.a })) as { timeline: PhotoTimeline };
      expect(page.timeline.member).toMatchObject({ id: ids.a });
      expect(page.timeline.days.flatMap((d) => d.photos.map((p) => p.id))).toEqual([photoId]);
    }
    const member = (await callRoute(coachPhotosLoader, getRequest(`/coach/members/${ids.a}/photos`, cookies.b), { memberId: ids.a })) as Response;
    expect(member.headers.get("location")).toBe("/unauthorized");
    for (const memberId of ["no-such-member", ids.trainer]) {
      const missing = (await callRouteOrData(coachPhotosLoader, getRequest(`/coach/members/${memberId}/photos`, cookies.trainer), { memberId })) as { init: { status: number } };
      expect(missing.init.status).toBe(404);
    }
  });
});
