/**
 * What the pack lists' manifest (`inboundPackage.screen`, `outboundPackage.screen`) cannot say, registered
 * once (imported by ../widgets.tsx):
 * - column `packageDimensions`: `L × W × H` in cm (test id `${testId}-dimensions`);
 * - column `packageContents`: one `SKU (batch) × qty` line per content line (test ids `${testId}-contents(-line)`);
 * - form `packageDialog`: the edit dialog is PackageDialog (contents picked from the order's lines), the same
 *   one the order lists and the shipping screen open. Packages are added from their order, so it needs the row.
 */
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { registerColumn, registerForm } from '../../kit/screen/registry';
import { testIdOf } from '../../kit/names';
import { PackageContents, dimensionsText } from './cells';
import { packageKindOf, type PackageRecord } from './constants';
import { PackageDialog } from './PackageDialog';

registerColumn('packageDimensions', ({ screen }) => (
  <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid={testIdOf(screen.names, 'dimensions')}>
    {dimensionsText(useRecordContext<PackageRecord>())}
  </Typography>
));

registerColumn('packageContents', ({ screen }) => <PackageContents lines={useRecordContext<PackageRecord>()?.lines} testId={testIdOf(screen.names, 'contents')} />);

registerForm('packageDialog', ({ screen, record, onClose, onSaved }) => {
  const pkg = record as PackageRecord | undefined;
  if (!pkg) return null;
  return <PackageDialog kind={packageKindOf(screen.resource)} order={{ id: pkg.orderId, orderNo: pkg.orderNo }} package={pkg} onClose={onClose} onSaved={onSaved} />;
});
