/**
 * Row widget `print` (resources.yaml `rowWidgets: [print]` on the order and pack lists): the record's
 * documents (PrintButton's DOCUMENTS_OF by the screen's resource). Imported for its side effect by the views
 * modules of the screens that name it (src/client/screens/widgets.ts).
 */
import { registerRow } from '../../kit/screen/registry';
import { testIdOf } from '../../kit/names';
import { DOCUMENTS_OF, PrintButton, usePrintAction } from './PrintButton';
import { RowActionButton, useInRowMenu } from '../../kit/RowActionMenu';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslate } from 'react-admin';
import type { PrintDocument } from '../../providers/print';

/** In a row's menu: one item per document (`row-print` for a single one, else `print-<document>`). */
const PrintItems = ({ documents, id, testId }: { documents: PrintDocument[]; id: number; testId: string }) => {
  const translate = useTranslate();
  const print = usePrintAction();
  return (
    <>
      {documents.map((d) => (
        <RowActionButton key={d} label={translate(`app.print.documents.${d}`)} icon={<PrintIcon fontSize="small" />} onClick={() => void print(d, id)} testId={documents.length === 1 ? testId : `print-${d}`} />
      ))}
    </>
  );
};

registerRow('print', ({ screen, record }) => {
  const inMenu = useInRowMenu();
  const documents = DOCUMENTS_OF[screen.resource];
  if (!documents) return null;
  const testId = testIdOf(screen.names, 'row-print');
  return inMenu ? <PrintItems documents={documents} id={Number(record.id)} testId={testId} /> : <PrintButton documents={documents} id={Number(record.id)} testId={testId} compact />;
});
