import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import { dataPath } from "./data-dir.server";
import { getEnv } from "./env.server";

/**
 * Where uploaded files live: the local disk under DATA_DIR/uploads, or an
 * S3-compatible bucket when S3_BUCKET is set. Callers only see keys such as
 * `images/{id}/960.webp`; both kinds serve the same keys, so switching is a copy.
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored file, or null when there is none under this key. */
  get(key: string): Promise<{ body: Readable; contentType: string; bytes: number } | null>;
  /** Removes these keys; keys that do not exist are ignored. */
  delete(keys: string[]): Promise<void>;
  /** Writes a file from a stream of `bytes` bytes without holding it in memory (backups restore files of any size). */
  putStream(key: string, body: Readable, bytes: number, contentType: string): Promise<void>;
  /** Every stored key, except those under `skipPrefix` (the backups kept in the bucket). */
  list(skipPrefix?: string): AsyncIterable<string>;
  /** For the settings page, e.g. "Local disk (DATA_DIR/uploads)". Never a secret. */
  readonly description: string;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = "InvalidStorageKeyError";
  }
}

// Segments of letters, digits, '_', '-' and inner dots: no '..', no leading '/', no
// backslashes, no percent signs, so a key can never leave its folder or mean two files.
const SEGMENT = /^[\w-][\w.-]*$/;

export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 200) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && !segment.includes(".."));
}

function checkKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

const contentTypes: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

/** The content type a key's extension stands for (local files carry no metadata). */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return contentTypes[ext] ?? "application/octet-stream";
}

/** A file being written (write then rename): never listed, never backed up. */
const TEMP_SUFFIX = ".tmp";

export class LocalFileStorage implements FileStorage {
  readonly description = "Local disk (DATA_DIR/uploads)";

  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private file(key: string): string {
    checkKey(key);
    const file = path.resolve(this.root, ...key.split("/"));
    // Belt and braces: the key check already rules this out.
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.putStream(key, Readable.from([body]), body.length, contentType);
  }

  async putStream(key: string, body: Readable, _bytes: number, _contentType: string): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temp = `${file}.${crypto.randomBytes(6).toString("hex")}${TEMP_SUFFIX}`;
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: "wx" }));
      await fs.promises.rename(temp, file);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
  }

  async *list(skipPrefix?: string): AsyncIterable<string> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const keys = entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith(TEMP_SUFFIX))
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .filter((key) => !(skipPrefix && key.startsWith(skipPrefix)))
      .sort();
    yield* keys;
  }

  async get(key: string) {
    const file = this.file(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, "r");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
      throw error;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { body: handle.createReadStream(), contentType: contentTypeForKey(key), bytes: stat.size };
  }

  async delete(keys: string[]): Promise<void> {
    const files = keys.map((key) => this.file(key));
    await Promise.all(files.map((file) => fs.promises.rm(file, { force: true })));
    // Drop folders left empty (images/{id}/), never the root itself.
    const folders = new Set(files.map((file) => path.dirname(file)));
    for (const folder of folders) {
      let dir = folder;
      while (dir.startsWith(this.root + path.sep)) {
        try {
          await fs.promises.rmdir(dir);
        } catch {
          break;
        }
        dir = path.dirname(dir);
      }
    }
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The endpoint without any user name or password written into it. */
function displayEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  url.username = "";
  url.password = "";
  return url.toString().replace(/\/$/, "");
}

/** Kept-alive sockets to the bucket are closed after 4 s idle, before the usual 5 s of servers. */
const idleAgent: http.AgentOptions = { keepAlive: true, timeout: 4_000 };

export class S3FileStorage implements FileStorage {
  readonly description: string;
  /** The SDK is loaded with the first request to the bucket, not at start-up. */
  private readonly sdk = import("@aws-sdk/client-s3");
  private readonly client: Promise<S3Client>;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.description = `S3 bucket ${settings.bucket} ${settings.endpoint ? `at ${displayEndpoint(settings.endpoint)}` : `in ${settings.region}`}`;
    this.client = this.sdk.then(({ S3Client }) => new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // Self-hosted S3-compatible servers (MinIO, Garage, s3rver) rarely have DNS per bucket.
      forcePathStyle: Boolean(settings.endpoint),
      credentials: settings.credentials,
      // Newer SDK checksums (CRC32 trailers) are not understood by every S3-compatible server.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A kept-alive connection idle for longer than the server keeps it (Node's 5 s: MinIO,
      // s3rver) is closed by us first: a streamed upload on a connection the server just
      // closed fails with "socket hang up" and cannot be retried (a restore's files after
      // its migrations).
      requestHandler: { httpAgent: new http.Agent(idleAgent), httpsAgent: new https.Agent(idleAgent) },
    }));
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    checkKey(key);
    const [client, { PutObjectCommand }] = await Promise.all([this.client, this.sdk]);
    await client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
    );
  }

  async putStream(key: string, body: Readable, bytes: number, contentType: string): Promise<void> {
    checkKey(key);
    const [client, { PutObjectCommand }] = await Promise.all([this.client, this.sdk]);
    await client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: bytes }));
  }

  async *list(skipPrefix?: string): AsyncIterable<string> {
    const [client, { ListObjectsV2Command }] = await Promise.all([this.client, this.sdk]);
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && !(skipPrefix && object.Key.startsWith(skipPrefix))) yield object.Key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async get(key: string) {
    checkKey(key);
    const [client, { GetObjectCommand, NoSuchKey, S3ServiceException }] = await Promise.all([this.client, this.sdk]);
    try {
      const result = await client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!result.Body) return null;
      return {
        body: result.Body as Readable,
        contentType: result.ContentType ?? contentTypeForKey(key),
        bytes: result.ContentLength ?? 0,
      };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    keys.forEach(checkKey);
    const [client, { DeleteObjectCommand }] = await Promise.all([this.client, this.sdk]);
    // One request per key: DeleteObjects needs Content-MD5, which some compatible servers handle differently.
    await Promise.all(keys.map((key) => client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))));
  }

  /** Closes the client's sockets (tests). */
  destroy(): void {
    void this.client.then((client) => client.destroy());
  }
}

/** The storage the configuration chooses. */
export function createStorage(): FileStorage {
  const env = getEnv();
  if (env.S3_BUCKET) {
    return new S3FileStorage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return new LocalFileStorage(dataPath("uploads"));
}

let storage: FileStorage | undefined;

/** The storage of this process (chosen once from the environment). */
export function getStorage(): FileStorage {
  storage ??= createStorage();
  return storage;
}

/** Tests point the process at another storage (or back at the configured one with no argument). */
export function resetStorage(next?: FileStorage): void {
  if (storage instanceof S3FileStorage && storage !== next) storage.destroy();
  storage = next;
}
