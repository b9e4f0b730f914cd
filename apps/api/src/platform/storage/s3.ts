import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { comprobarCarpeta, comprobarClave, SAFE_KEY, type Storage } from './storage.ts';

export type ConfigS3 = {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** Multipart part size: the least S3 allows (every part but the last). */
const PARTE_BYTES = 5 * 1024 * 1024;

/**
 * Sends a stream as a multipart upload through one 5 MB buffer, filled and sent, then filled again:
 * memory stays at one part whatever the file's size. (@aws-sdk/lib-storage's Upload allocates a new
 * buffer per part, and the process's memory grew by 35 to 65 MB per 50 MB file: bench/archivos.mjs.)
 * A stream shorter than one part goes as a single PutObject. A failed upload is aborted: no object.
 */
async function subirPorPartes(s3: S3Client, Bucket: string, Key: string, body: Readable): Promise<void> {
  const parte = Buffer.allocUnsafe(PARTE_BYTES);
  let lleno = 0;
  let uploadId: string | undefined;
  const partes: { ETag: string; PartNumber: number }[] = [];
  const enviar = async () => {
    if (uploadId === undefined) uploadId = (await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }))).UploadId!;
    const PartNumber = partes.length + 1;
    // Awaited before the buffer is filled again: the request has sent every byte by then.
    const r = await s3.send(
      new UploadPartCommand({
        Bucket,
        Key,
        UploadId: uploadId,
        PartNumber,
        Body: parte.subarray(0, lleno),
        ContentLength: lleno,
      }),
    );
    partes.push({ ETag: r.ETag!, PartNumber });
    lleno = 0;
  };
  try {
    for await (const trozo of body as AsyncIterable<Buffer>) {
      let desde = 0;
      while (desde < trozo.length) {
        const n = trozo.copy(parte, lleno, desde);
        lleno += n;
        desde += n;
        if (lleno === PARTE_BYTES) await enviar();
      }
    }
    if (uploadId === undefined) {
      await s3.send(new PutObjectCommand({ Bucket, Key, Body: parte.subarray(0, lleno), ContentLength: lleno }));
      return;
    }
    if (lleno > 0) await enviar();
    await s3.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: partes } }));
  } catch (e) {
    body.destroy();
    if (uploadId !== undefined)
      await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
    throw e;
  }
}

const noExiste = (e: unknown) =>
  e instanceof NoSuchKey || (e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.$metadata.httpStatusCode === 404));

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Ceph, a provider's object storage), with the same keys as
 * on disk. Streams go up as a multipart upload, one 5 MB part at a time, so memory stays flat whatever
 * the file's size (subirPorPartes); a failed upload is aborted and leaves no object.
 */
export function s3Storage(c: ConfigS3, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      region: c.region,
      ...(c.endpoint ? { endpoint: c.endpoint } : {}),
      forcePathStyle: c.forcePathStyle,
      // Checksums only where S3 requires them: the default computes one per part, which many
      // S3-compatible servers reject, and which holds another copy of each part.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
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
      await subirPorPartes(s3, Bucket, key, body);
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
