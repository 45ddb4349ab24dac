/**
 * ExportButton: exports a list's current filter to a file through useExportJob (spec 2.6 "An Export button
 * exports the current filter"; spec 4 export flow; spec 6 permission directive). While the export runs, a
 * full-screen loading overlay (Backdrop + CircularProgress) covers the page and the button waits.
 *
 * `filter` may be a function, read at click time (the list's filter then is the one on screen). With `codes`
 * the button is left out for users holding none of them.
 */
import Backdrop from '@mui/material/Backdrop';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useTranslate } from 'react-admin';
import { Permitted } from './Permitted';
import { useExportJob, useExportText } from './useExportJob';

export interface ExportButtonProps {
  /** The export call, e.g. /sapi/wms/sku-inventory/exportExcel. */
  path: string;
  /** The filter to export, or a function giving it at click time. */
  filter: object | (() => object);
  /** Permission codes (any one is enough); the button is hidden without them. */
  codes?: string | readonly string[];
  /** i18n key of the label (default: Export). */
  label?: string;
  disabled?: boolean;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  'data-testid'?: string;
}

const ExportButtonView = ({ path, filter, label, disabled, size = 'small', variant = 'outlined', 'data-testid': testId = 'export-button' }: Omit<ExportButtonProps, 'codes'>) => {
  const translate = useTranslate();
  const text = useExportText();
  const { exportTo, busy } = useExportJob();
  return (
    <>
      <Button
        size={size}
        variant={variant}
        startIcon={<FileDownloadIcon />}
        disabled={disabled || busy}
        onClick={() => void exportTo(path, typeof filter === 'function' ? filter() : filter)}
        data-testid={testId}
      >
        {label ? translate(label) : text('button')}
      </Button>
      <Backdrop
        open={busy}
        sx={{ color: '#fff', zIndex: (theme) => theme.zIndex.modal + 10, flexDirection: 'column', gap: 2 }}
        data-testid={`${testId}-overlay`}
      >
        <CircularProgress color="inherit" />
        <Typography variant="body2">{text('running')}</Typography>
      </Backdrop>
    </>
  );
};

export const ExportButton = ({ codes, ...rest }: ExportButtonProps) =>
  codes ? (
    <Permitted codes={codes}>
      <ExportButtonView {...rest} />
    </Permitted>
  ) : (
    <ExportButtonView {...rest} />
  );
