/**
 * Hands a downloaded file to the user (spec 7.2: label export "handled as file download"): the Blob is saved
 * under `fileName` through a temporary object URL.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // give the browser time to start the download before the URL goes away
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens a static file (an import template) in a new tab. */
export function openInNewTab(url: string): void {
  if (typeof window === 'undefined') return;
  window.open(url, '_blank', 'noopener');
}

/** `<prefix>-YYYYMMDD-HHmmss.pdf` in local time. */
export function timestampedName(prefix: string, ext: string, now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}.${ext}`;
}
