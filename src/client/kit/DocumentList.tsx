/**
 * The list shell of a document screen: react-admin's <List> for `resource` with an optional permanent
 * `filter` (e.g. the order type of the route), no sort by default (the server's order, newest first; a
 * cleared sort sends no sortProp / sortOrder), 10 a page with the pager of spec 9 (hidden when the total is
 * 0), list parameters kept under `storeKey` (false: none, and not synced with the URL either), a wide table
 * that scrolls inside the page (`WIDE_LIST_SX`, DocumentTable). Inside: the list UI context (DocumentListUi), the filter bar, the top
 * buttons, the table, and whichever dialog is open (`renderDialog`).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { List, useTranslate } from 'react-admin';
import { ListPagination } from '../widgets/ListPagination';
import { Permitted } from '../widgets/Permitted';
import { DocumentListUiProvider, useDocumentListUi, type DocumentDialog, type DocumentListUi } from './DocumentListUi';
import { WIDE_LIST_SX } from './DocumentTable';
import { classOf, keyOf, testIdOf, type DocumentNames } from './names';

/** Spec 9: default page size of the document lists. */
export const DOCUMENT_PAGE_SIZE = 10;

/** No sort: the server's order (spec 4: a cleared sort sends no sortProp / sortOrder). */
export const NO_SORT = { field: '', order: 'ASC' as const };

/** The open dialog, if any, through the screen's `renderDialog`. */
const OpenDialog = <K extends string>({ render }: { render: (dialog: DocumentDialog<K>, ui: DocumentListUi<K>) => ReactNode }) => {
  const ui = useDocumentListUi<K>();
  return ui.dialog ? <>{render(ui.dialog, ui)}</> : null;
};

/**
 * The bar above the table: Add (opens the create dialog; shown only with `addCode`, and not at all when
 * `addCode` is null), then `children`. Test ids `${testId}-top-buttons`, `${testId}-add`; label `${ns}.action.add`.
 */
export const DocumentTopButtons = ({ names, addCode, children }: { names: DocumentNames; addCode?: string; children?: ReactNode }) => {
  const translate = useTranslate();
  const ui = useDocumentListUi();
  return (
    <Box className={classOf(names, 'top-buttons')} data-testid={testIdOf(names, 'top-buttons')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1.5 }}>
      {addCode ? (
        <Permitted codes={addCode}>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => ui.open({ kind: 'edit' })} data-testid={testIdOf(names, 'add')}>
            {translate(keyOf(names, 'action.add'))}
          </Button>
        </Permitted>
      ) : null}
      {children}
    </Box>
  );
};

export interface DocumentListProps<K extends string> {
  names: DocumentNames;
  resource: string;
  /** Translation key of the page title; false: none (a list in a dialog). */
  title: string | false;
  /** Permanent filter (never shown in the filter bar). */
  filter?: Record<string, unknown>;
  /** Store key of the list parameters; false: none. */
  storeKey: string | false;
  filterBar: ReactNode;
  topButtons: ReactNode;
  /** The table (a DocumentTable). */
  children: ReactNode;
  /** Renders the open dialog. */
  renderDialog: (dialog: DocumentDialog<K>, ui: DocumentListUi<K>) => ReactNode;
}

export const DocumentList = <K extends string = never>({ names, resource, title, filter, storeKey, filterBar, topButtons, children, renderDialog }: DocumentListProps<K>) => (
  <List
    resource={resource}
    title={title}
    actions={false}
    filter={filter}
    sort={NO_SORT}
    perPage={DOCUMENT_PAGE_SIZE}
    pagination={<ListPagination />}
    exporter={false}
    empty={false}
    disableSyncWithLocation={storeKey === false}
    storeKey={storeKey}
    className={classOf(names, 'list')}
    sx={WIDE_LIST_SX}
  >
    <DocumentListUiProvider>
      {filterBar}
      {topButtons}
      {children}
      <OpenDialog render={renderDialog} />
    </DocumentListUiProvider>
  </List>
);
