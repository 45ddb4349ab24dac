/**
 * The document screens' kit (inbound orders, inventory adjustments, outbound orders): list shell with its
 * UI context and top buttons, table, filter bar and filter codec, row actions, status and row-number cells,
 * create/edit dialog with editable lines, view dialog with read-only lines, calls and form rules. Each piece
 * names its test ids and messages through a `DocumentNames` ({ testId, ns }).
 */
export * from './names';
export * from './documentApi';
export * from './filterCodec';
export * from './formRules';
export * from './workflowActions';
export * from './DocumentListUi';
export * from './DocumentList';
export * from './DocumentTable';
export * from './DocumentFilterBar';
export * from './DocumentRowActions';
export * from './cells';
export * from './LinesTable';
export * from './DocumentViewDialog';
export * from './EditableLines';
export * from './DocumentFormDialog';
export * from './DocumentReasonDialog';
export * from './RowActionMenu';
