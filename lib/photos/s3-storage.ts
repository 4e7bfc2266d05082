// Photos in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, R2, Scaleway...), as objects
// photos/<key>.jpg. The service serves them itself (app/photos/[file]/route.ts), so the bucket
// stays private. A PutObject is atomic: readers see the whole object or none.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { isPhotoKey } from "./prepare-photo";
import type { PhotoStorage } from "./storage";

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible service's address; unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Addresses as endpoint/bucket/key rather than bucket.endpoint/key (MinIO and most others). */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID..., a role of the machine). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** The objects' names start with it: "photos/" (trees), "photos/memorial/" (visitors' photos). */
  prefix?: string;
}

export function s3Storage(options: S3StorageOptions): PhotoStorage {
  const PREFIX = options.prefix ?? "photos/";
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // The SDK's default CRC32 checksums on every request are not understood by every
    // S3-compatible service; send and check them only where S3 requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const objectOf = (key: string) => {
    if (!isPhotoKey(key)) throw new Error(`not a photo key: ${JSON.stringify(key)}`);
    return `${PREFIX}${key}.jpg`;
  };
  return {
    location: `s3://${options.bucket}/${PREFIX}`,
    async put(key, body) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectOf(key),
          Body: body,
          ContentType: "image/jpeg",
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(key) {
      if (!isPhotoKey(key)) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectOf(key) }),
        );
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (missingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isPhotoKey(key)) return;
      // S3 answers a delete of a missing object with success: nothing to tell apart.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectOf(key) }));
    },
  };
}

/** The object is not there (a missing bucket is a setting to fix, not a missing photo). */
function missingObject(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === "NoSuchKey" || name === "NotFound") return true;
  return $metadata?.httpStatusCode === 404 && name !== "NoSuchBucket";
}
