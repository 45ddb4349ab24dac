/**
 * Row actions of the SKU list (spec 2.8, 6):
 * - normal mode: view inventory (the SKU's inventory in a dialog, open to every user), delete (after a
 *   confirmation; sku:edit), edit (sku:edit), supplier SKU and platform SKU (open to every user);
 * - select mode: only Select, which hands the row back to the caller.
 * A successful delete reloads the list from page 1 (spec 4).
 */
import { Suspense, lazy, useState } from 'react';
import Button from '@mui/material/Button';
import { Confirm, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Permitted } from '../../widgets/Permitted';
import { DocumentRowActionsBox, type CellProps } from '../../kit/DocumentTable';
import { CODE_SKU_EDIT, SKU_NAMES, SKU_RESOURCE } from './constants';
import { errorMessage } from '../../widgets/errorMessage';
import { useSkuListUi } from './SkuListUi';

/** Width of the actions cell in px: the buttons wrap to two lines (view inventory, delete, edit / supplier, platform). */
const ACTIONS_WIDTH = 200;

/** The inventory screens load with the dialog (they are a whole list themselves). */
const LazySkuInventoryDialog = lazy(() => import('../inventory/SkuInventoryDialog'));

/** View inventory: the inventory list preset and locked on this SKU, its company and owner (spec 2.8). */
const ViewInventoryButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="sku-row-inventory">
        {translate('app.sku.action.view_inventory')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <LazySkuInventoryDialog sku={record} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};

const DeleteSkuButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const ui = useSkuListUi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.delete(SKU_RESOURCE, { id: record.id, previousData: record });
      setOpen(false);
      notify('app.sku.success', { type: 'success' });
      ui.done();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} data-testid="sku-row-delete">
        {translate('app.sku.action.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="app.sku.delete.title"
        content="app.sku.delete.sku"
        contentTranslateOptions={{ sku: record.sku }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

export const SkuRowActions = (_: CellProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const ui = useSkuListUi();
  if (!record) return null;

  if (ui.selectMode) {
    return (
      <Button size="small" variant="contained" onClick={() => ui.onSelect?.(record)} data-testid="sku-row-select">
        {translate('app.sku.action.select')}
      </Button>
    );
  }

  return (
    <DocumentRowActionsBox names={SKU_NAMES} width={ACTIONS_WIDTH}>
      <ViewInventoryButton />
      <Permitted codes={CODE_SKU_EDIT}>
        <DeleteSkuButton />
        <Button size="small" onClick={() => ui.open({ kind: 'edit', id: record.id })} data-testid="sku-row-edit">
          {translate('app.sku.action.edit')}
        </Button>
      </Permitted>
      <Button size="small" onClick={() => ui.open({ kind: 'supplierSku', record })} data-testid="sku-row-supplier">
        {translate('app.sku.action.supplier_sku')}
      </Button>
      <Button size="small" onClick={() => ui.open({ kind: 'ecPlatformSku', record })} data-testid="sku-row-platform">
        {translate('app.sku.action.ec_platform_sku')}
      </Button>
    </DocumentRowActionsBox>
  );
};
