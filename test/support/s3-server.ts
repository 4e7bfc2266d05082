// A real S3-compatible server for the tests (s3rver 3.7.1: the S3 REST API over HTTP, objects in
// a temporary folder), on a free port of the loopback. Stopped, and its folder removed, by stop().
// It refuses an unknown access key id, but it does not verify AWS Signature V4 signatures (its
// V4 support stops at parsing them), so a wrong secret goes unnoticed here.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  /** s3rver's one accepted key pair. */
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = "memorial-photos"): Promise<RunningS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0, // the system picks a free port
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async stop() {
      // Idle keep-alive connections of the clients would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
