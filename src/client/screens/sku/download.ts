/** Saving a downloaded file and opening a template: shared with the manifest's file actions (widgets/download.ts). */
export { openInNewTab, saveBlob, timestampedName } from '../../widgets/download';
