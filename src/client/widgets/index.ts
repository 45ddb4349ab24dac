/**
 * Widgets shared by the generated react-admin screens (docs/architecture.md "Console layout"; spec 2.10
 * reusable pickers and widgets). Import from here only.
 */
export { EnumField, type EnumFieldProps } from './EnumField';
export { EnumInput, type EnumInputProps } from './EnumInput';
export { YesNoField, type YesNoFieldProps } from './YesNoField';
export { UsedOfField, type UsedOfFieldProps } from './UsedOfField';
export { MoneyField, type MoneyFieldProps } from './MoneyField';
export { MoneyInput, type MoneyInputProps } from './MoneyInput';
export { RefsField, type RefsFieldProps } from './RefsField';
export { AllOrSomeInput, type AllOrSomeInputProps } from './AllOrSomeInput';
export { GrantableRolesInput, type GrantableRolesInputProps } from './GrantableRolesInput';
export { StringsInput, maxLinesChars, type StringsInputProps } from './StringsInput';
export { CountryInput, type CountryInputProps } from './CountryInput';
export { ProvinceInput, type ProvinceInputProps } from './ProvinceInput';
export { CityInput, type CityInputProps } from './CityInput';
export { LockToggleButton } from './LockToggleButton';
export { UnlockLoginButton } from './UnlockLoginButton';
export { ListPagination, PAGE_SIZES } from './ListPagination';
export { useFormResolver, type SchemaFactory, type FormMode, type FormLang } from './useFormResolver';
export { widgetMessages, type WidgetMessages } from './messages';
export { centsToText, textToCents } from './money';
export { formatLines, parseLines, linesLength, STRINGS_MAX_CHARS } from './lines';
export { ALL_ID, isAllIds } from './allIds';
export { enumEntries, enumKeyOf, enumLabelKey, useEnumChoices, type EnumEntry } from './enums';
export { PermissionTreeInput, permissionLabel, type PermissionTreeInputProps } from './PermissionTreeInput';
export {
  buildPermissionTree,
  checkState,
  toggleNode,
  filterTree,
  PERMISSION_MENU,
  PERMISSION_BUTTON,
  type PermissionRecord,
  type PermissionNode,
  type PermissionTree,
} from './permissionTree';
export { HideOnSelf, isSelf, type HideOnSelfProps } from './HideOnSelf';
export { isLockedRow, lockedRowClick, UnlessLocked } from './LockedRow';
export { DateTimeField, formatDateTime, toDate, type DateTimeFieldProps } from './DateTimeField';
export { Permitted, usePermitted, permits, type PermittedProps } from './Permitted';
export { SafeImage, type SafeImageProps } from './SafeImage';
export { signFileUrl, useFileUrl } from './signedFileUrl';
export {
  FileUploader,
  uploadFile,
  uploadErrorText,
  formatBytes,
  UploadRejected,
  UPLOAD_PATH,
  UPLOAD_MAX_BYTES,
  FILE_TYPE_DEFAULT,
  FILE_TYPE_PRODUCT_IMAGE,
  type FileUploaderProps,
  type UploadResponse,
  type UploadedFile,
} from './FileUploader';
export { ImageUploader, uploadImage, isImageFile, IMAGE_PREVIEW_SIZE, type ImageUploaderProps } from './ImageUploader';
export { MultiImageUploader, type MultiImageUploaderProps } from './MultiImageUploader';
export { MultiLineInput, linesToValue, valueToLines, type MultiLineInputProps, type MultiLineSuggestion } from './MultiLineInput';
export { SkuCategorySelect, type SkuCategorySelectProps } from './SkuCategorySelect';
export { SkuPicker, type SkuPickerProps } from './SkuPicker';
export { useExportJob, openDownload, EXPORT_QUERY_PATH, EXPORT_POLL_MS, EXPORT_POLL_RETRIES, type ExportJob, type ExportJobApi } from './useExportJob';
export { ExportButton, type ExportButtonProps } from './ExportButton';
export { AutoPickSingle, EnabledRefInput, OwnerInput, WarehouseInput, type EnabledRefInputProps } from './EnabledRefInput';
export { WideDialog, WideDialogButtons, WIDE_DIALOG_WIDTH, type WideDialogProps, type WideDialogButtonsProps } from './WideDialog';
export { ReasonDialog, reasonError, type ReasonDialogProps, type ReasonError } from './ReasonDialog';
export { ConfirmedAction, type ConfirmedActionProps } from './ConfirmedAction';
export { ScanField, useScanBox, type ScanBox, type ScanBoxOptions, type ScanFieldProps } from './ScanField';
export { DbmsHistoryButton, DbmsQueryButton } from './DbmsRowButtons';
