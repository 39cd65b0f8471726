/**
 * How `npm run backup` reaches a running server on PGlite (decision 0076): the server
 * holds the embedded database alone (the data-dir lock), so the command asks the server
 * to write the archive. The channel is a Unix socket in DATA_DIR, which only the owner of
 * DATA_DIR (0700) can reach: no network port, no HTTP route, no token to leak.
 * One JSON line each way: `{"out": "/abs/file.zip"}`, then `{"ok": true, …}` or
 * `{"ok": false, "error": "…"}`.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { getLogger } from "~/lib/logger.server";
import { getStorage } from "~/lib/storage.server";
import { BackupError } from "./backup-errors";
import { manifestSchema } from "./manifest";
import { generatedSecret, writeBackup, type BackupSummary } from "./write-backup.server";

const socketPath = (dataDir: string) => path.join(path.resolve(dataDir), "backup.sock");

const requestSchema = z.object({ out: z.string().min(1).refine((out) => path.isAbsolute(out), "must be an absolute path") });
const answerSchema = z.union([
  z.object({ ok: z.literal(true), file: z.string(), bytes: z.number(), manifest: manifestSchema }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}

/** Reads one line (a request or an answer), at most 64 KB. */
function readLine(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const end = buffered.indexOf("\n");
      if (end >= 0) {
        socket.off("data", onData);
        resolve(buffered.slice(0, end));
      } else if (buffered.length > 65_536) {
        socket.destroy();
        reject(new Error("line too long"));
      }
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("end", () => reject(new Error("the connection closed before a whole line arrived")));
  });
}

/**
 * Listens on DATA_DIR/backup.sock while the server runs on PGlite; resolves with the call
 * that closes it. One backup at a time.
 */
export async function openBackupChannel(dataDir: string, database: Database): Promise<() => Promise<void>> {
  const file = socketPath(dataDir);
  // We hold the data-dir lock: a socket file left here is a killed process's.
  fs.rmSync(file, { force: true });
  let busy = false;
  const server = net.createServer((socket) => {
    const answer = (body: object) => socket.end(`${JSON.stringify(body)}\n`);
    void readLine(socket)
      .then(async (line) => {
        const request = requestSchema.safeParse(parseJson(line));
        if (!request.success) return answer({ ok: false, error: "The request was not understood." });
        if (busy) return answer({ ok: false, error: "The server is writing another backup: try again when it has finished." });
        busy = true;
        try {
          const summary = await writeBackup({ database, storage: getStorage(), secret: generatedSecret() }, request.data.out);
          getLogger().info({ file: summary.file, bytes: summary.bytes }, "backup written on request");
          answer({ ok: true, ...summary });
        } catch (error) {
          if (!(error instanceof BackupError)) getLogger().error({ err: error }, "a backup asked for through DATA_DIR/backup.sock failed");
          answer({ ok: false, error: error instanceof Error ? error.message : String(error) });
        } finally {
          busy = false;
        }
      })
      .catch(() => socket.destroy());
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(file, () => resolve());
    });
  } catch (error) {
    // A DATA_DIR path too long for a socket (about 100 bytes): the site runs, backups need the server stopped.
    getLogger().warn({ err: (error as Error).message, socket: file }, "backups through the running server are not available");
    return async () => undefined;
  }
  // DATA_DIR is the owner's only already; the socket too, whatever the umask.
  fs.chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(file, { force: true });
    });
}

/**
 * Asks the server running on DATA_DIR to write the archive to `out`. Null when no server
 * answers there (none runs, or one too old to have the channel).
 */
export async function requestBackupFromServer(dataDir: string, out: string): Promise<BackupSummary | null> {
  const socket = net.connect(socketPath(dataDir));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
  } catch {
    socket.destroy();
    return null;
  }
  socket.write(`${JSON.stringify({ out: path.resolve(out) })}\n`);
  const parsed = answerSchema.safeParse(parseJson(await readLine(socket)));
  socket.destroy();
  if (!parsed.success) throw new BackupError("The running server's answer was not understood: are the server and this command the same release?");
  if (!parsed.data.ok) throw new BackupError(parsed.data.error);
  return parsed.data;
}
