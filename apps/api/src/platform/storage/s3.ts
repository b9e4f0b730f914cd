import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { comprobarCarpeta, comprobarClave, SAFE_KEY, type Storage } from './storage.ts';

export type ConfigS3 = {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** Multipart part size: the least S3 allows. With one part in flight, an upload holds ~5 MB at a time. */
const PARTE_BYTES = 5 * 1024 * 1024;

const noExiste = (e: unknown) =>
  e instanceof NoSuchKey || (e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.$metadata.httpStatusCode === 404));

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Ceph, a provider's object storage), with the same keys as
 * on disk. Streams go up as a multipart upload, one 5 MB part at a time, so memory stays flat whatever
 * the file's size; a failed upload is aborted and leaves no object.
 */
export function s3Storage(c: ConfigS3, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: c.region,
      ...(c.endpoint ? { endpoint: c.endpoint } : {}),
      forcePathStyle: c.forcePathStyle,
      credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey },
    });
  const Bucket = c.bucket;
  return {
    async put(key, body) {
      comprobarClave(key);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body }));
    },
    async get(key) {
      comprobarClave(key);
      try {
        const r = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return r.Body ? Buffer.from(await r.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (e) {
        if (noExiste(e)) return null;
        throw e;
      }
    },
    async putStream(key, body) {
      comprobarClave(key);
      const subida = new Upload({ client: s3, params: { Bucket, Key: key, Body: body }, queueSize: 1, partSize: PARTE_BYTES });
      try {
        await subida.done();
      } catch (e) {
        // lib-storage aborts its multipart upload on failure; a single-part one never appeared.
        body.destroy();
        throw e;
      }
    },
    async getStream(key) {
      comprobarClave(key);
      try {
        const r = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!r.Body) return null;
        return { stream: r.Body as Readable, bytes: Number(r.ContentLength ?? 0) };
      } catch (e) {
        if (noExiste(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      comprobarClave(key);
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async listar(carpeta) {
      comprobarCarpeta(carpeta);
      const out: { clave: string; modificado: Date }[] = [];
      let token: string | undefined;
      do {
        const r = await s3.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${carpeta}/`, Delimiter: '/', ContinuationToken: token }),
        );
        for (const o of r.Contents ?? [])
          if (o.Key && SAFE_KEY.test(o.Key) && o.LastModified) out.push({ clave: o.Key, modificado: o.LastModified });
        token = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
  };
}
