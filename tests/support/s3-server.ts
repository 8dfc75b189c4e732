import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** What a shop needs in its environment to use the bucket. */
export type S3TestServer = { env: Record<string, string>; endpoint: string; bucket: string; close(): Promise<void> };

/**
 * A real S3-protocol server on loopback (s3rver, files in a temporary folder)
 * with one empty bucket, for tests only: s3rver's fixed credentials, path-style
 * addressing through S3_ENDPOINT.
 */
export async function startS3TestServer(bucket = "dorsal-test"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
