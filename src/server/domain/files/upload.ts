/**
 * Upload and download of files (spec 5 "Upload limit", 7.1 upload token header, 7.2 /sapi/sys/file/upload,
 * 9 limits and thumbnails; issue 3).
 *
 * - `POST /sapi/sys/file/upload?fileType=3|5` (multipart, field `file`, token in X-Upload-Token or X-Token):
 *   streams the file into storage under a generated key, at most {@link MAX_UPLOAD_BYTES} (100 MB; a larger
 *   file is a 400 naming the limit and leaves nothing behind). fileType 5 (product image) must be a
 *   jpg/jpeg/png/webp by name and by content; jpg/jpeg/png images get a 60x60 thumbnail. Writes a `sys_file`
 *   row. Data: {@link UploadResult}.
 * - Download (`GET /sapi/sys/file/get/<key>`) and signed addresses: ./download.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { eq, inArray } from 'drizzle-orm';
import { FileType } from '../../../../generated/shared/enums';
import { Code } from '../../../shared/envelope';
import { requestLabels, ruleTexts, type Lang } from '../../../shared/validation';
import type { Db } from '../../db/connect';
import { sysFile } from '../../db/internal-schema';
import type { RequestContext, UserContext } from '../../http/context';
import { BizError, fieldError, textsOf } from '../../http/errors';
import { fileUrlOf, originalKey } from './access';
import { extensionOf, isStorageKey, newStorageKey, type FileStorage } from './storage';
import { IMAGE_EXTENSIONS, imageFormat, imageMime, makeThumbnail } from './thumbnails';

/** Largest accepted upload in bytes: 100 MB = 100 * 1024 * 1024 (spec 5, 9). One byte more is refused. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
export { FILE_URL_PREFIX, fileUrlOf } from './access';

/** What the upload call returns (spec 3 "Upload response"): filePath is the storage key. */
export interface UploadResult { fileUrl: string; filePath: string; size: number; thumbnailUrl?: string }

const texts = {
  notMultipart: { en: 'Send the file as multipart/form-data in the field "file"', zh: '请以 multipart/form-data 方式在字段 "file" 中上传文件' },
  noFile: { en: 'No file was sent: put it in the multipart field "file"', zh: '未收到文件：请放在 multipart 字段 "file" 中' },
  empty: { en: 'The file is empty', zh: '文件为空' },
  tooLarge: { en: 'The file is larger than the upload limit of {limit}', zh: '文件大小超过上传限制 {limit}' },
  imageType: { en: 'A product image must be a jpg, jpeg, png or webp file', zh: '商品图片只能是 jpg、jpeg、png 或 webp 文件' },
} as const;
const t = textsOf(texts);

/** `104857600` -> '100 MB'; sizes that are not whole MB are given in bytes. */
export function formatLimit(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MB` : `${bytes} bytes`;
}

/** MIME types by extension for files that are not product images (anything else: application/octet-stream). */
const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif',
  pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', csv: 'text/csv; charset=utf-8', json: 'application/json',
  zip: 'application/zip', xls: 'application/vnd.ms-excel', doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export interface FileDeps { db: Db; storage: FileStorage; maxBytes?: number }

/** Reads ?fileType (default 3 ATTACHMENT; 5 PRODUCT_IMAGE); 400 for a value outside the FileType enum. */
function fileTypeOf(req: FastifyRequest, lang: Lang): number {
  const raw = (req.query as Record<string, unknown> | undefined)?.fileType;
  if (raw === undefined || raw === '') return FileType.ATTACHMENT;
  const n = Number(raw);
  const allowed = Object.values(FileType) as number[];
  if (!allowed.includes(n)) throw fieldError(lang, { label: requestLabels.fileType, field: 'fileType' }, ruleTexts[lang].oneOf, { values: allowed.join(', ') });
  return n;
}

/**
 * The upload call (see module doc). Errors: 400 not multipart / no file / empty / too large / bad fileType /
 * not an image for fileType 5. Storage or database failures remove whatever was stored and rethrow.
 */
export async function uploadFile(deps: FileDeps, req: FastifyRequest, ctx: RequestContext, user: UserContext): Promise<UploadResult> {
  const { db, storage } = deps;
  const max = deps.maxBytes ?? MAX_UPLOAD_BYTES;
  const fileType = fileTypeOf(req, ctx.lang);
  if (!req.isMultipart()) throw new BizError(Code.BAD_REQUEST, t(ctx.lang, 'notMultipart'));
  let part: MultipartFile | undefined;
  try {
    // one byte over the limit is let through busboy so that "larger than the limit" can be told from "exactly the limit"
    part = await req.file({ limits: { fileSize: max + 1, files: 1 }, throwFileSizeLimit: false });
  } catch (e) {
    // a malformed or cut-off multipart body (busboy: "Unexpected end of multipart data"), a part over a limit:
    // the client's body, not a server fault (issue 12)
    throw new BizError(Code.BAD_REQUEST, `${t(ctx.lang, 'notMultipart')}: ${(e as Error).message}`);
  }
  if (!part) throw new BizError(Code.BAD_REQUEST, t(ctx.lang, 'noFile'));
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new BizError(Code.BAD_REQUEST, t(ctx.lang, 'noFile'));
  }
  const originalName = (part.filename || 'file').slice(-255);
  const ext = extensionOf(originalName);
  const isImage = fileType === FileType.PRODUCT_IMAGE;
  if (isImage && !(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
    part.file.resume();
    throw new BizError(Code.BAD_REQUEST, t(ctx.lang, 'imageType'));
  }

  const key = newStorageKey(ext);
  const stored: string[] = [key];
  const cleanup = () => Promise.all(stored.map((k) => storage.remove(k).catch(() => {})));
  const file = part.file;
  try {
    // the part's stream failing is the body's fault (malformed or cut off), unlike the storage failing
    const { size } = await storage.put(key, file).catch((e) => { throw file.errored ? new BizError(Code.BAD_REQUEST, `${t(ctx.lang, 'notMultipart')}: ${file.errored.message}`) : e; });
    if (part.file.truncated || size > max) throw new BizError(Code.BAD_REQUEST, t(ctx.lang, 'tooLarge', { limit: formatLimit(max) }));
    if (size === 0) throw new BizError(Code.BAD_REQUEST, t(ctx.lang, 'empty'));
    let mime = MIME_BY_EXT[ext] ?? 'application/octet-stream';
    let thumbnailPath: string | undefined;
    if (isImage) {
      const format = await imageFormat(storage, key);
      if (!format) throw new BizError(Code.BAD_REQUEST, t(ctx.lang, 'imageType'));
      mime = imageMime(format);
      if (format !== 'webp') { // spec 9: thumbnails for jpg, jpeg, png
        thumbnailPath = await makeThumbnail(storage, key, format);
        stored.push(thumbnailPath);
      }
    }
    await db.insert(sysFile).values({ id: randomUUID(), path: key, originalName, mime, size, fileType, thumbnailPath, userId: user.id });
    return { fileUrl: fileUrlOf(key), filePath: key, size, ...(thumbnailPath ? { thumbnailUrl: fileUrlOf(thumbnailPath) } : {}) };
  } catch (e) {
    part.file.resume();
    await cleanup();
    throw e;
  }
}

/** The `sys_file` row of a stored key (an original or its thumbnail), or undefined. */
export async function findFileRow(db: Db, key: string) {
  if (!isStorageKey(key)) return undefined;
  const original = originalKey(key);
  const rows = await db.select().from(sysFile).where(original === key ? eq(sysFile.path, key) : inArray(sysFile.path, [key, original]));
  return rows.find((r) => r.path === key) ?? rows.find((r) => r.thumbnailPath === key);
}
