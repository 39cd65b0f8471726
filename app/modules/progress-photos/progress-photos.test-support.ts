/** Helpers for the progress photo tests: photos as phones take them, and a clean slate. */
import fs from "node:fs";
import sharp from "sharp";
import { getDb } from "~/db/client.server";
import { progressPhoto } from "~/db/schema/progress-photos";
import { dataPath } from "~/lib/data-dir.server";

/** A 1200×800 JPEG as a phone writes it: camera EXIF, a GPS position, orientation 6 (turned on its side). */
export function gpsJpeg(width = 1200, height = 800): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 1) data[i] = (i * 2654435761) >>> 24;
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCam", Model: "X1", Artist: "Mia" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "53/1 28/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "2/1 14/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The start of an iPhone's HEIC file (its ftyp box). */
export function heicBytes(): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic"), Buffer.alloc(2048, 7)]);
}

/** Empties the photos table and the stored files between tests. */
export async function wipePhotos(): Promise<void> {
  await getDb().delete(progressPhoto);
  fs.rmSync(dataPath("uploads"), { recursive: true, force: true });
}
