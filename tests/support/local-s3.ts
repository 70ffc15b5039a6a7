// An S3-compatible server on loopback for tests (s3rver, files in a temporary folder), started by the
// test itself: no Docker, no account. The storage tests use it, and so can system tests that start
// server processes against a bucket (`env` holds their S3_* settings).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The S3_* variables of a server process that should keep its uploads in this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

// The SDK's notice that its releases from 2027 need Node 22 is for whoever runs the product, not
// for every test run on Node 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

/** s3rver's one account: any other key is refused, as a real service would. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startLocalS3(options: { bucket?: string } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? "souq-test";
  const directory = await mkdtemp(path.join(tmpdir(), "local-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = "us-east-1";
  return {
    endpoint,
    bucket,
    region,
    credentials: { ...CREDENTIALS },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      // Clients keep connections alive: closing only the idle ones could wait for a client's timeout.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
