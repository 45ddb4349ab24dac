/**
 * UI state shared by the parts of one SKU list (spec 2.8): which dialog is open, the list's mode (normal or
 * select) and preset, and `reloadFromFirstPage` (spec 4: after a successful delete, save or import the list
 * reloads from page 1 and the dialog closes).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useListContext, useRefresh, type Identifier, type RaRecord } from 'react-admin';
import type { ImportKind } from './constants';
import type { SkuPreset } from './filters';

export type SkuDialogState =
  | { kind: 'edit'; id?: Identifier }
  | { kind: 'import'; importKind: ImportKind }
  | { kind: 'supplierSku'; record: RaRecord }
  | { kind: 'ecPlatformSku'; record: RaRecord }
  | { kind: 'weight'; ids: Identifier[] }
  | { kind: 'labels'; ids: Identifier[] }
  | null;

export interface SkuListUi {
  dialog: SkuDialogState;
  open(dialog: Exclude<SkuDialogState, null>): void;
  close(): void;
  /** Reload from page 1 and close the dialog (spec 4). */
  done(): void;
  /** Reload the current page (a sub-list changed the SKU's suppliers or platforms). */
  reload(): void;
  selectMode: boolean;
  onSelect?: (record: RaRecord) => void;
  preset: SkuPreset;
}

const SkuListUiContext = createContext<SkuListUi | null>(null);

export function useSkuListUi(): SkuListUi {
  const ui = useContext(SkuListUiContext);
  if (!ui) throw new Error('useSkuListUi must be used inside <SkuListUiProvider>');
  return ui;
}

/** Back to page 1 (when not there) and a refetch of the list. */
export function useReloadFromFirstPage(): () => void {
  const { page, setPage } = useListContext();
  const refresh = useRefresh();
  return useCallback(() => {
    if (page !== 1) setPage(1);
    refresh();
  }, [page, setPage, refresh]);
}

export const SkuListUiProvider = ({
  children,
  selectMode,
  onSelect,
  preset,
}: {
  children: ReactNode;
  selectMode: boolean;
  onSelect?: (record: RaRecord) => void;
  preset: SkuPreset;
}) => {
  const [dialog, setDialog] = useState<SkuDialogState>(null);
  const reloadFromFirstPage = useReloadFromFirstPage();
  const refresh = useRefresh();
  const { onUnselectItems } = useListContext();
  const close = useCallback(() => setDialog(null), []);
  const done = useCallback(() => {
    setDialog(null);
    onUnselectItems?.();
    reloadFromFirstPage();
  }, [reloadFromFirstPage, onUnselectItems]);
  const value = useMemo<SkuListUi>(
    () => ({ dialog, open: setDialog, close, done, reload: refresh, selectMode, onSelect, preset }),
    [dialog, close, done, refresh, selectMode, onSelect, preset],
  );
  return <SkuListUiContext.Provider value={value}>{children}</SkuListUiContext.Provider>;
};
