/**
 * Packages of inbound and outbound orders (issue 5; spec 4 "create package"): the self-contained create / edit
 * dialog and the pieces the shipping and receiving screens reuse. The pack lists (spec 2.3) are the manifest's
 * `inboundPackage.screen` / `outboundPackage.screen` with the widgets of widgets.tsx.
 */
export { PackageDialog, type PackageDialogProps } from './PackageDialog';
export { FieldInputs, type FieldInputsProps } from './FieldInputs';
export { PackageContents, contentLineText, dimensionsText } from './cells';
export { packageApi, type PackageBody } from './packageApi';
export { checkFields, contentErrors, contentRows, packedByKey, toPackageBody, type ContentRow, type FieldCheck } from './formSchema';
export { packageMessages } from './messages';
export * from './constants';
