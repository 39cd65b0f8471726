// @test-database none: no query here (decision 0020).
/**
 * Both storages pass the same checks: the local disk in a temporary folder, and S3
 * mode against a real S3-compatible server (s3rver) on 127.0.0.1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { S3_TEST_CREDENTIALS, startS3Server, type RunningS3 } from "~/../tests/support/s3-server";
import { resetEnv } from "./env.server";
import {
  contentTypeForKey,
  getStorage,
  InvalidStorageKeyError,
  isValidStorageKey,
  LocalFileStorage,
  resetStorage,
  S3FileStorage,
  type FileStorage,
} from "./storage.server";

async function read(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const traversal = ["~/db/x", "images/../../db/pglite", "/etc/passwd", "images/./x.png", "images//x.png", "images\\x.png", "images/%2e%2e/x", "images/x y.png", ".hidden", "", "a".repeat(201)];

function storageContract(name: string, make: () => FileStorage) {
  describe(`${name} storage`, () => {
    let storage: FileStorage;
    beforeAll(() => {
      storage = make();
    });

    it("stores a file and gives back its bytes, type and size", async () => {
      const body = Buffer.from("not really a webp, but bytes are bytes");
      await storage.put("images/abc123/480.webp", body, "image/webp");
      const got = await storage.get("images/abc123/480.webp");
      expect(got).not.toBeNull();
      expect(got!.contentType).toBe("image/webp");
      expect(got!.bytes).toBe(body.length);
      expect((await read(got!.body)).equals(body)).toBe(true);
    });

    it("replaces a file stored again under the same key", async () => {
      await storage.put("images/again/1.png", Buffer.from("first"), "image/png");
      await storage.put("images/again/1.png", Buffer.from("second"), "image/png");
      const got = await storage.get("images/again/1.png");
      expect((await read(got!.body)).toString()).toBe("second");
    });

    it("stores a stream without reading it whole (a member's data archive from disk), and refuses a bad key", async () => {
      const source = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "relentless-put-file-")), "data.zip");
      const body = Buffer.alloc(3 * 1024 * 1024 + 7, 0x5a);
      fs.writeFileSync(source, body);
      await storage.putStream("exports/abc123.zip", fs.createReadStream(source), body.length, "application/zip");
      const got = await storage.get("exports/abc123.zip");
      expect(got!.bytes).toBe(body.length);
      expect((await read(got!.body)).equals(body)).toBe(true);
      await expect(storage.putStream("../exports/x.zip", Readable.from([body]), body.length, "application/zip")).rejects.toBeInstanceOf(InvalidStorageKeyError);
      fs.rmSync(path.dirname(source), { recursive: true, force: true });
    });

    it("answers null for a key that holds nothing", async () => {
      expect(await storage.get("images/nothing-here/480.webp")).toBeNull();
      expect(await storage.get("images")).toBeNull();
    });

    it("deletes files, ignoring keys that do not exist", async () => {
      await storage.put("images/gone/480.avif", Buffer.from("a"), "image/avif");
      await storage.put("images/gone/960.avif", Buffer.from("b"), "image/avif");
      await storage.delete(["images/gone/480.avif", "images/gone/960.avif", "images/gone/1600.avif"]);
      expect(await storage.get("images/gone/480.avif")).toBeNull();
      expect(await storage.get("images/gone/960.avif")).toBeNull();
    });

    it.each(traversal)("refuses the key %j for every operation", async (key) => {
      await expect(storage.put(key, Buffer.from("x"), "image/png")).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete([key])).rejects.toBeInstanceOf(InvalidStorageKeyError);
    });
  });
}

const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-storage-"));
afterAll(() => fs.rmSync(localRoot, { recursive: true, force: true }));

storageContract("local", () => new LocalFileStorage(path.join(localRoot, "uploads")));

let s3: RunningS3;
const s3Storages: S3FileStorage[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  for (const storage of s3Storages) storage.destroy();
  await s3?.stop();
});

storageContract("S3", () => {
  const storage = new S3FileStorage({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, credentials: S3_TEST_CREDENTIALS });
  s3Storages.push(storage);
  return storage;
});

describe("local storage on disk", () => {
  it("keeps files under its folder, writes no stray temporary files, and removes emptied folders", async () => {
    const root = path.join(localRoot, "disk");
    const storage = new LocalFileStorage(root);
    await storage.put("images/abc/480.webp", Buffer.from("x"), "image/webp");
    expect(fs.readdirSync(path.join(root, "images", "abc"))).toEqual(["480.webp"]);
    await storage.delete(["images/abc/480.webp"]);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it("cannot read a file outside its folder through a symlink-free traversal", async () => {
    fs.writeFileSync(path.join(localRoot, "secret.txt"), "secret");
    const storage = new LocalFileStorage(path.join(localRoot, "jail"));
    await expect(storage.get("~/secret.txt")).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});

describe("storage keys", () => {
  it("accepts the keys uploads use", () => {
    expect(isValidStorageKey("images/Zx_8-AbCdEfGhIjKlMnOpQr/1600.avif")).toBe(true);
  });

  it("derives the content type from the extension", () => {
    expect(contentTypeForKey("images/a/480.avif")).toBe("image/avif");
    expect(contentTypeForKey("images/a/480.jpg")).toBe("image/jpeg");
    expect(contentTypeForKey("images/a/480.png")).toBe("image/png");
    expect(contentTypeForKey("images/a/480.exe")).toBe("application/octet-stream");
  });
});

describe("getStorage", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ["S3_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnv();
    resetStorage();
  });

  it("chooses the local disk by default and describes it for the settings page", () => {
    resetStorage();
    expect(getStorage()).toBeInstanceOf(LocalFileStorage);
    expect(getStorage()).toBe(getStorage());
    expect(getStorage().description).toBe("Local disk (DATA_DIR/uploads)");
  });

  it("chooses S3 when S3_BUCKET is set, naming the bucket and endpoint but no secret", () => {
    process.env.S3_BUCKET = "relentless";
    process.env.S3_ENDPOINT = "http://127.0.0.1:4569";
    process.env.S3_ACCESS_KEY_ID = "AKIAHUNTER2";
    process.env.S3_SECRET_ACCESS_KEY = "hunter2-secret";
    resetEnv();
    resetStorage();
    expect(getStorage()).toBeInstanceOf(S3FileStorage);
    expect(getStorage().description).toBe("S3 bucket relentless at http://127.0.0.1:4569");
  });

  it("works against the bucket it is configured for", async () => {
    process.env.S3_BUCKET = s3.bucket;
    process.env.S3_ENDPOINT = s3.endpoint;
    process.env.S3_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
    process.env.S3_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
    resetEnv();
    resetStorage();
    await getStorage().put("images/configured/480.png", Buffer.from("png"), "image/png");
    const got = await getStorage().get("images/configured/480.png");
    expect(got?.contentType).toBe("image/png");
    expect((await read(got!.body)).toString()).toBe("png");
    // The bytes really are in the S3 server's folder, not on the local disk.
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, "uploads", "images", "configured"))).toBe(false);
  });
});
