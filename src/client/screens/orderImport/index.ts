/** Import of inbound and outbound orders from an xlsx template (issue 5): the button with its dialog. */
export { OrderImportButton, OrderImportDialog, OrderImportListButton, type OrderImportButtonProps, type OrderImportDialogProps } from './OrderImportButton';
export { ORDER_IMPORTS, type OrderImportConfig, type OrderImportForm, type OrderImportKind } from './constants';
export { orderImportMessages } from './messages';
