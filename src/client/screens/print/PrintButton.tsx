/**
 * A Print button for one record (issue 16: print buttons on the order and pack lists and the shipping screen):
 * one document prints at once, several open a menu (outbound orders: pick list, packing list). The flow and
 * its messages are providers/print.ts: through the local print plugin when local print is on (a failure shows
 * the spec 8 message), else the PDF opens in a new tab. Test ids: `<testId>` on the button,
 * `print-<document>` on the menu items.
 */
import { useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import PrintIcon from '@mui/icons-material/Print';
import { useNotify, useTranslate } from 'react-admin';
import { printDocument, type PrintDocument } from '../../providers/print';

/** The documents each printable resource has, in menu order. */
export const DOCUMENTS_OF: Record<string, PrintDocument[]> = {
  outboundOrder: ['pickList', 'packingList'],
  inboundOrder: ['inboundReceipt'],
  outboundPackage: ['outboundPackageLabel'],
  inboundPackage: ['inboundPackageLabel'],
  count: ['countSheet'],
  invoice: ['invoice'],
};

/** Runs the print flow and reports its outcome through react-admin's notifications. */
export function usePrintAction(): (document: PrintDocument, id: number) => Promise<void> {
  const notify = useNotify();
  return async (document, id) => {
    try {
      const how = await printDocument(document, id);
      if (how === 'plugin') notify('app.print.sent', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
}

/**
 * `compact`: an icon with the word as its tooltip and accessible name (list rows, where the operations column
 * must stay narrow); otherwise a text button.
 */
export function PrintButton({ documents, id, testId, variant = 'text', compact = false }: { documents: PrintDocument[]; id: number; testId: string; variant?: 'text' | 'outlined'; compact?: boolean }) {
  const translate = useTranslate();
  const print = usePrintAction();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (document: PrintDocument) => {
    setAnchor(null);
    setBusy(true);
    try {
      await print(document, id);
    } finally {
      setBusy(false);
    }
  };
  const single = documents.length === 1;
  const title = single ? translate(`app.print.documents.${documents[0]}`) : translate('app.print.button');
  const onClick = (e: MouseEvent<HTMLElement>) => (single ? void run(documents[0]) : setAnchor(e.currentTarget));
  return (
    <>
      {compact ? (
        <Tooltip title={title}>
          <span>
            <IconButton size="small" color="primary" aria-label={title} disabled={busy} data-testid={testId} aria-haspopup={single ? undefined : 'menu'} onClick={onClick}>
              <PrintIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          size="small"
          variant={variant}
          startIcon={<PrintIcon fontSize="small" />}
          disabled={busy}
          data-testid={testId}
          aria-haspopup={single ? undefined : 'menu'}
          title={single ? title : undefined}
          onClick={onClick}
        >
          {translate('app.print.button')}
        </Button>
      )}
      {!single && (
        <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
          {documents.map((d) => (
            <MenuItem key={d} data-testid={`print-${d}`} onClick={() => void run(d)}>
              {translate(`app.print.documents.${d}`)}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
