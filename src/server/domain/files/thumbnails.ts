/**
 * Product images (spec 5 "Product image uploaded with file type 5", spec 9 "thumbnails quality 80, default
 * 60x60, for jpg, jpeg, png"): what counts as an image and how its thumbnail is made, with sharp, streaming
 * from and to {@link FileStorage}. sharp (~18 MB of memory with libvips) is loaded at the first image, not
 * with the server.
 */
import { THUMBNAIL_SIZE, thumbnailKeyOf } from '../../../shared/files';
import type { FileStorage } from './storage';

const loadSharp = async () => (await import('sharp')).default;

/** Extensions a product image (file type 5) may have (shared with the console's chooser). */
export { IMAGE_EXTENSIONS } from '../../../shared/files';
/** Extensions that get a thumbnail (spec 9); webp is accepted as an image but gets none. */
export { THUMBNAIL_EXTENSIONS } from '../../../shared/files';
/** Thumbnail box in pixels and encoder quality (spec 9). */
export const THUMBNAIL = { ...THUMBNAIL_SIZE, quality: 80 } as const;

/** sharp's format name -> MIME type, for the formats product images may have. */
const IMAGE_MIME: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * The real format of the stored image under `key` ('jpeg' | 'png' | 'webp') read from its header, or null
 * when the bytes are not one of those (whatever the file name said).
 */
export async function imageFormat(storage: FileStorage, key: string): Promise<'jpeg' | 'png' | 'webp' | null> {
  const probe = (await loadSharp())();
  const src = storage.get(key);
  src.on('error', (e) => probe.destroy(e));
  src.pipe(probe);
  try {
    const { format } = await probe.metadata();
    return format === 'jpeg' || format === 'png' || format === 'webp' ? format : null;
  } catch {
    return null;
  } finally {
    src.destroy();
  }
}

export const imageMime = (format: string) => IMAGE_MIME[format] ?? 'application/octet-stream';

/**
 * Writes a 60x60 thumbnail (cover crop, EXIF orientation applied, quality 80, same format as the source)
 * of the stored jpeg/png image `key` under `<key>_60x60.<ext>`; returns that key. Throws what sharp throws
 * for a broken image.
 */
export async function makeThumbnail(storage: FileStorage, key: string, format: 'jpeg' | 'png'): Promise<string> {
  const thumbKey = thumbnailKeyOf(key);
  const sharp = await loadSharp();
  let t = sharp().rotate().resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'cover' });
  t = format === 'jpeg' ? t.jpeg({ quality: THUMBNAIL.quality }) : t.png({ quality: THUMBNAIL.quality });
  const src = storage.get(key);
  src.on('error', (e) => t.destroy(e));
  await storage.put(thumbKey, src.pipe(t));
  return thumbKey;
}
