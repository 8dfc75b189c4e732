import fs from "node:fs";
import fsp from "node:fs/promises";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { assertSafeKey, MissingFile, type Storage } from "./storage.ts";

export type S3Options = { bucket: string; region: string; endpoint?: string };

/** An S3-compatible bucket; objects stay private, the shop streams public ones itself. */
export function s3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    // Checksums only where S3 demands them: with the SDK's default, a streamed
    // upload is sent in aws-chunked framing, which several S3-compatible
    // servers store verbatim as the object's bytes.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  const isMissing = (error: unknown) => {
    const name = (error as { name?: string }).name;
    return name === "NoSuchKey" || name === "NotFound";
  };
  async function open(key: string): Promise<Readable> {
    try {
      const result = await client.send(new GetObjectCommand({ Bucket, Key: assertSafeKey(key) }));
      return result.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new MissingFile(key);
      throw error;
    }
  }
  return {
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: assertSafeKey(key), Body: data, ContentType: contentType }));
    },
    async putFile(key, filePath, contentType) {
      const { size } = await fsp.stat(filePath);
      await client.send(
        new PutObjectCommand({ Bucket, Key: assertSafeKey(key), Body: fs.createReadStream(filePath), ContentLength: size, ContentType: contentType }),
      );
      await fsp.rm(filePath, { force: true });
    },
    async get(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await open(key)) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks);
    },
    stream: open,
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeKey(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
