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
