// @test-database none: no query here (decision 0020).
/**
 * What an uploaded file becomes: only real raster images get through, each is
 * re-encoded into AVIF, WebP and a JPEG/PNG fallback at a few widths, and nothing of
 * the original file (EXIF, GPS, extra frames) survives. Inputs are made with sharp.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MESSAGES, processImage, renditionWidths, sniffImageFormat, type ProcessedImage } from "./image-processing.server";
import { AppError } from "~/lib/app-error";

const solid = (width: number, height: number, channels: 3 | 4 = 3, background = "#b91c1c") =>
  sharp({ create: { width, height, channels, background } });

/** Noise compresses badly: realistic photo-sized files. */
function noise(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 1) data[i] = (i * 2654435761) >>> 24;
  return sharp(data, { raw: { width, height, channels: 3 } });
}

async function refusal(input: Buffer): Promise<AppError> {
  const error = await processImage(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function summary(result: ProcessedImage) {
  return result.renditions.map((r) => `${r.width}x${r.height}.${r.extension}`);
}

async function expectFormats(result: ProcessedImage) {
  for (const r of result.renditions) {
    const meta = await sharp(r.body).metadata();
    expect({ format: meta.format === "heif" ? "avif" : meta.format, width: meta.width, height: meta.height }).toEqual({
      format: r.format,
      width: r.width,
      height: r.height,
    });
  }
}

describe("accepted images", () => {
  it("makes AVIF, WebP and JPEG copies at 480, 960 and 1600 px from a large PNG", async () => {
    const result = await processImage(await solid(2400, 1200).png().toBuffer());
    expect(summary(result)).toEqual([
      "480x240.avif", "480x240.webp", "480x240.jpg",
      "960x480.avif", "960x480.webp", "960x480.jpg",
      "1600x800.avif", "1600x800.webp", "1600x800.jpg",
    ]);
    expect(result).toMatchObject({ width: 1600, height: 800, fallback: "jpeg" });
    await expectFormats(result);
  });

  it("never enlarges: a 1000 px JPEG gets 480, 960 and 1000, a 300 px WebP keeps its own width", async () => {
    const jpeg = await processImage(await noise(1000, 500).jpeg().toBuffer());
    expect(jpeg.renditions.map((r) => r.width)).toEqual([480, 480, 480, 960, 960, 960, 1000, 1000, 1000]);
    const webp = await processImage(await solid(300, 200).webp().toBuffer());
    expect(summary(webp)).toEqual(["300x200.avif", "300x200.webp", "300x200.jpg"]);
    await expectFormats(webp);
  });

  it("keeps transparency: a PNG with transparent pixels gets a PNG fallback", async () => {
    const result = await processImage(await solid(450, 300, 4, "#b91c1c80").png().toBuffer());
    expect(summary(result)).toEqual(["450x300.avif", "450x300.webp", "450x300.png"]);
    expect(result.fallback).toBe("png");
    const png = await sharp(result.renditions[2]!.body).metadata();
    expect(png.hasAlpha).toBe(true);
    await expectFormats(result);
  });

  it("uses JPEG for a PNG whose alpha channel is fully opaque", async () => {
    const result = await processImage(await solid(500, 500, 4, "#00ff00ff").png().toBuffer());
    expect(result.fallback).toBe("jpeg");
  });

  it("keeps only the first frame of an animated GIF", async () => {
    const red = await solid(60, 40, 3, "#ff0000").png().toBuffer();
    const blue = await solid(60, 40, 3, "#0000ff").png().toBuffer();
    const gif = await sharp([red, blue, red], { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const result = await processImage(gif);
    expect(summary(result)).toEqual(["60x40.avif", "60x40.webp", "60x40.jpg"]);
    for (const r of result.renditions) expect((await sharp(r.body).metadata()).pages ?? 1).toBe(1);
    const { dominant } = await sharp(result.renditions[2]!.body).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(60);
  });

  it("accepts AVIF and 16-bit PNG", async () => {
    const avif = await processImage(await solid(400, 200).avif().toBuffer());
    expect(summary(avif)).toEqual(["400x200.avif", "400x200.webp", "400x200.jpg"]);
    const deep = await processImage(await solid(300, 300).toColourspace("rgb16").png().toBuffer());
    expect(deep.renditions.map((r) => r.width)).toEqual([300, 300, 300]);
    await expectFormats(deep);
  });

  it("strips EXIF and GPS, and applies the EXIF orientation to the pixels", async () => {
    const photo = await noise(1200, 800)
      .jpeg()
      .withExif({
        IFD0: { Make: "PhoneCam", Model: "X1", Artist: "Coach" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "53/1 28/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "2/1 14/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString("latin1")).toContain("PhoneCam");
    // Tag 0x8825 (little-endian): the pointer to the GPS block.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.orientation).toBe(6);

    const result = await processImage(photo);
    // Orientation 6 turns the 1200×800 sensor image upright: 800 wide, 1200 high.
    expect(result).toMatchObject({ width: 800, height: 1200 });
    expect(result.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(["480x720", "480x720", "480x720", "800x1200", "800x1200", "800x1200"]);
    for (const r of result.renditions) {
      const meta = await sharp(r.body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(r.body.includes("PhoneCam")).toBe(false);
    }
  });
});

describe("refused files", () => {
  const jpegMagic = Buffer.from([0xff, 0xd8, 0xff]);

  it.each([
    ["a text file named .jpg", Buffer.from("Just some notes, saved as notes.jpg\n")],
    ["an SVG", Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ["an SVG without the XML prolog", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ["an HTML page", Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>")],
    ["a PDF", Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n")],
    ["a HEIC photo", Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic")])],
    ["a multipart form body", Buffer.from("------WebKitFormBoundary7MA4YWxk\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n")],
  ])("refuses %s with 415", async (_name, input) => {
    const error = await refusal(input);
    expect(error.status).toBe(415);
    expect(error.message).toBe("Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).");
  });

  it("refuses an empty file", async () => {
    expect((await refusal(Buffer.alloc(0))).status).toBe(422);
  });

  it("refuses more than 10 MB with 413", async () => {
    const error = await refusal(Buffer.concat([jpegMagic, Buffer.alloc(10 * 1024 * 1024)]));
    expect(error.status).toBe(413);
    expect(error.message).toBe("The image is larger than 10 MB.");
  });

  it("refuses a side over 12,000 px with 422", async () => {
    const error = await refusal(await solid(13000, 100).png().toBuffer());
    expect(error.status).toBe(422);
    expect(error.message).toBe(MESSAGES.tooWide);
  });

  it("refuses more than 40 megapixels with 422, even when the file is small", async () => {
    const png = await solid(7000, 7000).png().toBuffer();
    expect(png.length).toBeLessThan(1024 * 1024);
    const error = await refusal(png);
    expect(error.status).toBe(422);
    expect(error.message).toBe("The image is too large: at most 40 megapixels.");
  });

  it("refuses a truncated JPEG with a clear message", async () => {
    const jpeg = await noise(800, 600).jpeg().toBuffer();
    const error = await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(error.status).toBe(422);
    expect(error.message).toBe("The image could not be read. It may be damaged or incomplete.");
  });

  it("refuses a file with an image signature and garbage after it", async () => {
    for (const header of [jpegMagic, Buffer.from("GIF89a"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]) {
      const error = await refusal(Buffer.concat([header, Buffer.from("garbage that is not an image at all ".repeat(20))]));
      expect(error.status).toBe(422);
    }
  });
});

describe("format detection", () => {
  it("reads the bytes, not the name", async () => {
    expect(sniffImageFormat(await solid(2, 2).jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageFormat(await solid(2, 2).png().toBuffer())).toBe("png");
    expect(sniffImageFormat(await solid(2, 2).gif().toBuffer())).toBe("gif");
    expect(sniffImageFormat(await solid(2, 2).webp().toBuffer())).toBe("webp");
    expect(sniffImageFormat(await solid(2, 2).avif().toBuffer())).toBe("avif");
    expect(sniffImageFormat(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
  });

  it("picks widths that never exceed the original", () => {
    expect(renditionWidths(2400)).toEqual([480, 960, 1600]);
    expect(renditionWidths(1600)).toEqual([480, 960, 1600]);
    expect(renditionWidths(1000)).toEqual([480, 960, 1000]);
    expect(renditionWidths(500)).toEqual([480, 500]);
    expect(renditionWidths(480)).toEqual([480]);
    expect(renditionWidths(120)).toEqual([120]);
  });
});
