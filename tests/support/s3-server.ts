/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 with its own folder, for the
 * tests that run the storage in S3 mode.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { freePort } from "../../scripts/free-port";

export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  directory: string;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = "relentless-test"): Promise<RunningS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-s3-"));
  const port = await freePort();
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    endpoint,
    bucket,
    directory,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
