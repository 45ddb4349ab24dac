/**
 * The inventory list's hand-written pieces (spec 2.6; `inventory.screen` in resources.yaml), registered once:
 * - column `skuImage`: the SKU's 60x60 thumbnail (skuEntity.goodsImageUrl), a click previews it (spec 9);
 * - top `inventoryExport` (sku_inventory:export): exports the list's current query (filter and sort, no
 *   paging) as a background job polled by ExportButton (spec 7.2);
 * - row `inventoryLog` (+ its dialog): the row's change log (InventoryLogDialog, spec 2.7);
 * and for the inventory log (`inventoryLog.screen`, spec 2.7, 2.9):
 * - column `qtyChange` on a change field (changeQty, lockChangeQty): `before -> after` with the change as a tag.
 * (its column `skuPlatforms` is the SKU list's, sku/widgets.tsx). Imported for its side effect by the views modules of the screens that name them (src/client/screens/widgets.ts).
 */
import { useListContext, useTranslate } from 'react-admin';
import { RowActionButton } from '../../kit/RowActionMenu';
import { registerColumn, registerRow, registerTop, widgetDialogKind } from '../../kit/screen/registry';
import { testIdOf } from '../../kit/names';
import { partName } from '../../kit/screen/spec';
import { ExportButton } from '../../widgets/ExportButton';
import { InventoryImageCell, QtyChangeCell } from './cells';
import { CODE_INVENTORY_EXPORT, INVENTORY_EXPORT_PATH } from './constants';
import { exportFilter } from './filters';
import { InventoryLogDialog } from './InventoryLogDialog';

registerColumn('skuImage', () => <InventoryImageCell />);

/** A log line's change field -> its before and after fields (resources.yaml inventoryLog). */
const CHANGE_OF: Record<string, { from: string; to: string }> = {
  changeQty: { from: 'originQty', to: 'newQty' },
  lockChangeQty: { from: 'originLockQty', to: 'newLockQty' },
};
registerColumn('qtyChange', ({ screen, field }) =>
  CHANGE_OF[field] ? <QtyChangeCell {...CHANGE_OF[field]} change={field} testId={testIdOf(screen.names, partName(field))} /> : null,
);

registerTop('inventoryExport', ({ screen }) => {
  const { filterValues, sort } = useListContext();
  return (
    <ExportButton
      path={INVENTORY_EXPORT_PATH}
      filter={() => exportFilter(filterValues ?? {}, screen.filter, sort)}
      codes={CODE_INVENTORY_EXPORT}
      label="app.inventory.action.export"
      data-testid={testIdOf(screen.names, 'export')}
    />
  );
});

registerRow(
  'inventoryLog',
  ({ screen, record, ui }) => {
    const translate = useTranslate();
    return <RowActionButton label={translate('app.inventory.action.log')} onClick={() => ui.open({ kind: widgetDialogKind('inventoryLog'), record })} testId={testIdOf(screen.names, 'row-log')} />;
  },
  ({ record, ui }) => <InventoryLogDialog inventory={record} onClose={ui.close} />,
);
