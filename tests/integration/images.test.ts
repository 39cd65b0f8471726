// @test-database none: no query here (decision 0020).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { processPhotos } from "../../scripts/images";

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a photo replacing the artwork", () => {
  it("gets AVIF, WebP and JPEG copies at responsive widths, without EXIF or GPS, in the manifest", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-images-"));
    const manifestPath = path.join(dir, "photos.json");
    await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#b91c1c" } })
      .jpeg()
      .withExif({ IFD0: { Make: "Camera", Artist: "Coach" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "53/1 28/1 0/1" } })
      .toFile(path.join(dir, "coach.jpg"));
    expect((await sharp(path.join(dir, "coach.jpg")).metadata()).exif).toBeTruthy();

    const manifest = await processPhotos({ dir, manifestPath });

    expect(manifest.coach).toEqual({
      width: 1600,
      height: 800,
      fallback: "/images/generated/coach-1600.jpg",
      avif: "/images/generated/coach-480.avif 480w, /images/generated/coach-960.avif 960w, /images/generated/coach-1600.avif 1600w",
      webp: "/images/generated/coach-480.webp 480w, /images/generated/coach-960.webp 960w, /images/generated/coach-1600.webp 1600w",
    });
    for (const w of [480, 960, 1600]) {
      for (const format of ["avif", "webp", "jpg"]) {
        const file = path.join(dir, "generated", `coach-${w}.${format}`);
        const meta = await sharp(file).metadata();
        expect(meta.width).toBe(w);
        expect(meta.exif).toBeUndefined();
      }
    }
    expect(JSON.parse(fs.readFileSync(manifestPath, "utf8"))).toEqual(manifest);
  });

  it("leaves the manifest empty when there are no photos (the artwork is used)", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-images-"));
    fs.writeFileSync(path.join(dir, "coach.svg"), "<svg/>");
    expect(await processPhotos({ dir, manifestPath: path.join(dir, "photos.json") })).toEqual({});
  });
});
