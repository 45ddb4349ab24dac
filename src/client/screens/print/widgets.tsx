/**
 * Row widget `print` (resources.yaml `rowWidgets: [print]` on the order and pack lists): the record's
 * documents (PrintButton's DOCUMENTS_OF by the screen's resource). Imported for its side effect by the views
 * modules of the screens that name it (src/client/screens/widgets.ts).
 */
import { registerRow } from '../../kit/screen/registry';
import { testIdOf } from '../../kit/names';
import { DOCUMENTS_OF, PrintButton } from './PrintButton';

registerRow('print', ({ screen, record }) => {
  const documents = DOCUMENTS_OF[screen.resource];
  if (!documents) return null;
  return <PrintButton documents={documents} id={Number(record.id)} testId={testIdOf(screen.names, 'row-print')} compact />;
});
