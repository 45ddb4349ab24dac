/**
 * StoredFileButton: a button that opens a stored file (`/sapi/sys/file/get/<key>`) in a new tab at its signed
 * address (./signedFileUrl.ts; issue 26: no session token in the address). The address is fetched when the
 * button shows and renewed before it expires; until then, or when the user may not read the file, the button
 * is disabled.
 */
import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useFileUrl } from './signedFileUrl';

export interface StoredFileButtonProps {
  /** The file's address, `/sapi/sys/file/get/<key>`. */
  fileUrl: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  children?: ReactNode;
  'data-testid'?: string;
}

export const StoredFileButton = ({ fileUrl, children, variant, size, 'data-testid': testId }: StoredFileButtonProps) => {
  const { url } = useFileUrl(fileUrl);
  return url ? (
    <Button variant={variant} size={size} href={url} target="_blank" rel="noopener" data-testid={testId}>{children}</Button>
  ) : (
    // its own test id while it waits: the id names the working link
    <Button variant={variant} size={size} disabled data-testid={testId ? `${testId}-pending` : undefined}>{children}</Button>
  );
};
