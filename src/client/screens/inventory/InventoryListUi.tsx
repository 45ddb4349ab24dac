/**
 * UI state shared by the parts of one inventory list (spec 2.6): select mode and its `onSelect`, the preset,
 * and the change-log dialog of one row (spec 2.7).
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { InventoryPreset } from './filters';

export interface InventoryListUi {
  selectMode: boolean;
  onSelect?: (record: RaRecord) => void;
  preset: InventoryPreset;
  /** The row whose change log is open. */
  logOf: RaRecord | null;
  openLog(record: RaRecord): void;
  closeLog(): void;
}

const InventoryListUiContext = createContext<InventoryListUi | null>(null);

export function useInventoryListUi(): InventoryListUi {
  const ui = useContext(InventoryListUiContext);
  if (!ui) throw new Error('useInventoryListUi must be used inside <InventoryListUiProvider>');
  return ui;
}

export const InventoryListUiProvider = ({
  children,
  selectMode,
  onSelect,
  preset,
}: {
  children: ReactNode;
  selectMode: boolean;
  onSelect?: (record: RaRecord) => void;
  preset: InventoryPreset;
}) => {
  const [logOf, setLogOf] = useState<RaRecord | null>(null);
  const value = useMemo<InventoryListUi>(
    () => ({ selectMode, onSelect, preset, logOf, openLog: setLogOf, closeLog: () => setLogOf(null) }),
    [selectMode, onSelect, preset, logOf],
  );
  return <InventoryListUiContext.Provider value={value}>{children}</InventoryListUiContext.Provider>;
};
