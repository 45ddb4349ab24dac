/**
 * What a product image (file type 5; spec 5, 9) may be, for the server's check (domain/files/thumbnails.ts) and
 * the console's file chooser (widgets/ImageUploader.tsx) alike: the chooser offers exactly what the server takes
 * (issue 27: it offered GIF and BMP, which the upload then refused).
 */

/** Extensions a product image may have. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** Their MIME types. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The `accept` of an image chooser: the MIME types and the extensions. */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** Extensions whose images get a thumbnail (spec 9); webp is taken as an image but gets none. */
export const THUMBNAIL_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
/** A thumbnail's box in pixels (spec 9: 60x60). */
export const THUMBNAIL_SIZE = { width: 60, height: 60 } as const;

/** The key of a file derived from `key` with `suffix` before its extension: `a1b2.png` -> `a1b2_60x60.png`. */
export function derivedKeyOf(key: string, suffix: string): string {
  const m = /^(.*?)(\.[0-9a-z]{1,10})?$/.exec(key)!;
  return `${m[1]}_${suffix}${m[2] ?? ''}`;
}

/** The stored key of the thumbnail of image `key` (domain/files/thumbnails.ts makes it under this key). */
export const thumbnailKeyOf = (key: string): string => derivedKeyOf(key, `${THUMBNAIL_SIZE.width}x${THUMBNAIL_SIZE.height}`);

/** Whether an image stored under `key` has a thumbnail by its extension (an older or odd file may still lack one). */
export const mayHaveThumbnail = (key: string): boolean => (THUMBNAIL_EXTENSIONS as readonly string[]).includes(key.split('.').pop()?.toLowerCase() ?? '');
