/**
 * The invoice list's hand-written row button (resources.yaml invoice.screen `rowWidgets: [print, invoiceDetail]`;
 * issue 32; docs/billing.md "Documents"), registered once (imported as ../widgets.ts says): `invoiceDetail`
 * "Download detail (Excel)" asks `POST /sapi/wms/invoice/detail-xlsx {id}` for a signed address of the invoice's
 * workbook (lines and every charge behind them, in the console's language) and downloads it. The PDF is the
 * `print` row widget (print kind `invoice`). Test id: `invoice-row-detail-xlsx`.
 */
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { testIdOf } from '../../kit/names';
import { RowActionButton } from '../../kit/RowActionMenu';
import { registerRow } from '../../kit/screen/registry';
import { sapi } from '../../providers/http';
import { openDownload } from '../../widgets/useExportJob';

/** The call minting the workbook's address (server: src/server/domain/billing/invoice-detail.ts). */
export const INVOICE_DETAIL_PATH = '/sapi/wms/invoice/detail-xlsx';

registerRow('invoiceDetail', ({ screen, record }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { url } = await sapi<{ url: string; expiresAt: number }>(INVOICE_DETAIL_PATH, { id: record.id });
      openDownload(url);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <RowActionButton label={translate('app.billing.invoiceDetail')} icon={<DownloadIcon fontSize="small" />} disabled={busy} onClick={() => void download()} testId={testIdOf(screen.names, 'row-detail-xlsx')} />;
});
