/**
 * The read-only view of one document: a wide dialog (spec 9) with the screen's header fields (DetailGrid of
 * DetailItems) and lines, closed by its Close button. Test ids `${testId}-view-dialog`, `${testId}-view-close`.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { WideDialog } from '../widgets/WideDialog';
import { keyOf, testIdOf, type DocumentNames } from './names';

/** One labelled value ('—' when empty). */
export const DetailItem = ({ label, children, wide = false }: { label: string; children?: ReactNode; wide?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Typography>
    </Box>
  );
};

/** The grid of a document's header fields (2 columns, 4 from md). */
export const DetailGrid = ({ testId, children }: { testId?: string; children: ReactNode }) => (
  <Box data-testid={testId} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5, mb: 2 }}>
    {children}
  </Box>
);

export interface DocumentViewDialogProps {
  names: DocumentNames;
  /** The title, translated. */
  title: string;
  onClose: () => void;
  children: ReactNode;
}

export const DocumentViewDialog = ({ names, title, onClose, children }: DocumentViewDialogProps) => {
  const translate = useTranslate();
  return (
    <WideDialog
      onClose={onClose}
      title={title}
      testId={testIdOf(names, 'view-dialog')}
      actions={
        <Button onClick={onClose} data-testid={testIdOf(names, 'view-close')}>
          {translate(keyOf(names, 'action.close'))}
        </Button>
      }
    >
      {children}
    </WideDialog>
  );
};
