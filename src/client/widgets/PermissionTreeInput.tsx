/**
 * PermissionTreeInput: picks permission codes from the permission tree (spec 3: permission has a code, a
 * type menu = 1 or button = 2 and a parent; spec 6: permissions are of type menu or button, menu routes are
 * filtered by role recursively; spec 1: labels in the console's language).
 *
 * The form value is an array of permission codes. All permissions are loaded once
 * (`useGetList('permission', 1000 per page, sorted by code)`) and linked by `parentCode` (see
 * permissionTree.ts). Each node shows an expand button (groups), a checkbox, a menu/button tag, its name in
 * the current locale (`nameZh` for zh, else `name`) and its code in grey. Checking a node checks it, its
 * descendants and its ancestors (a granted code must be reachable through its menu, spec 6); unchecking
 * clears it and its descendants and drops ancestors left without a checked descendant; a group with some
 * checked members is indeterminate. A filter box (name or code, case-insensitive) and expand/collapse-all
 * buttons sit above the tree. Texts: `wms.widgets.permissionTree.*`.
 *
 * Only codes the editor holds can be ticked or cleared (issue 26: grants never exceed the granter; the server
 * refuses the rest, src/shared/grants.ts); the others show disabled.
 */
import { useMemo, useState, type ChangeEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import {
  FieldTitle,
  InputHelperText,
  useGetList,
  useInput,
  useLocaleState,
  usePermissions,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import {
  PERMISSION_BUTTON,
  buildPermissionTree,
  checkState,
  filterTree,
  groupCodes,
  toggleNode,
  type PermissionNode,
  type PermissionRecord,
} from './permissionTree';
import { firstNotHeld } from '../../shared/grants';

export interface PermissionTreeInputProps {
  source: string;
  label?: string | false;
  helperText?: ReactNode;
  /** Shows the required mark (the rule itself lives in the form's schema). */
  isRequired?: boolean;
}

const identity = (v: unknown) => v;
const QUERY = { pagination: { page: 1, perPage: 500 }, sort: { field: 'code', order: 'ASC' as const } };
const INDENT = 3;

/** The node's name in the console's language, falling back to the other name, then the code. */
export function permissionLabel(record: PermissionRecord, locale: string): string {
  const first = locale === 'zh' ? record.nameZh : record.name;
  const second = locale === 'zh' ? record.name : record.nameZh;
  return first || second || record.code;
}

/** Case-insensitive match of the needle (lower case) in the code, `name` or `nameZh`. */
const matcher = (needle: string) => (node: PermissionNode) =>
  [node.code, node.record.name, node.record.nameZh].some((t) => typeof t === 'string' && t.toLowerCase().includes(needle));

const asCodes = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

export const PermissionTreeInput = ({ source, label, helperText, isRequired: isRequiredOption }: PermissionTreeInputProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const [locale] = useLocaleState();
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, defaultValue: [], format: identity, parse: identity, isRequired: isRequiredOption });
  const { data, isPending, error: loadError } = useGetList<PermissionRecord & { id: number | string }>('permission', QUERY);

  const { permissions } = usePermissions<string[]>();
  const held = useMemo(() => new Set(Array.isArray(permissions) ? permissions : []), [permissions]);
  // while the codes are unknown nothing is held back (the server still decides)
  const grantable = (code: string) => !Array.isArray(permissions) || firstNotHeld(held, [code]) === undefined;
  const tree = useMemo(() => buildPermissionTree(data ?? []), [data]);
  const groups = useMemo(() => groupCodes(tree.roots), [tree]);
  const value = asCodes(field.value);
  const checked = new Set(value);

  const [filter, setFilter] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());

  const needle = filter.trim().toLowerCase();
  const filtered = useMemo(() => (needle ? filterTree(tree.roots, matcher(needle)) : undefined), [tree, needle]);

  const handleFilter = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setFilter(next);
    const nextNeedle = next.trim().toLowerCase();
    if (!nextNeedle) return;
    // open the groups that lead to a match
    const { open } = filterTree(tree.roots, matcher(nextNeedle));
    setCollapsed((prev) => new Set([...prev].filter((code) => !open.has(code))));
  };

  const toggleOpen = (code: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  const handleCheck = (node: PermissionNode) => {
    field.onChange(toggleNode(node, value, grantable));
    field.onBlur();
  };

  const renderNode = (node: PermissionNode, depth: number): ReactNode => {
    if (filtered && !filtered.visible.has(node.code)) return null;
    const text = permissionLabel(node.record, locale);
    const state = checkState(node, checked);
    const isGroup = node.children.length > 0;
    const open = isGroup && !collapsed.has(node.code);
    const isButton = Number(node.record.type) === PERMISSION_BUTTON;
    return (
      <Box
        component="li"
        key={node.code}
        role="treeitem"
        aria-expanded={isGroup ? open : undefined}
        aria-selected={state.checked}
        data-testid={`permission-node-${node.code}`}
        sx={{ listStyle: 'none' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: depth * INDENT, minHeight: 36 }}>
          {isGroup ? (
            <IconButton
              size="small"
              onClick={() => toggleOpen(node.code)}
              aria-label={translate(open ? 'wms.widgets.permissionTree.collapse' : 'wms.widgets.permissionTree.expand')}
            >
              {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 30, flexShrink: 0 }} />
          )}
          <Checkbox
            size="small"
            checked={state.checked}
            indeterminate={state.indeterminate}
            disabled={!grantable(node.code)}
            onChange={() => handleCheck(node)}
            slotProps={{ input: { 'aria-label': text } }}
            sx={{ p: 0.5 }}
          />
          <Chip
            size="small"
            variant="outlined"
            color={isButton ? 'default' : 'primary'}
            label={translate(isButton ? 'enums.PermissionType.BUTTON' : 'enums.PermissionType.MENU')}
            sx={{ height: 20, fontSize: '0.7rem' }}
          />
          <Typography variant="body2" component="span">
            {text}
          </Typography>
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            {node.code}
          </Typography>
        </Box>
        {open && (
          <Box component="ul" role="group" sx={{ m: 0, p: 0 }}>
            {node.children.map((child) => renderNode(child, depth + 1))}
          </Box>
        )}
      </Box>
    );
  };

  const nothingShown = filtered ? filtered.visible.size === 0 : tree.roots.length === 0;

  return (
    <Box
      className={`ra-input ra-input-${source} wms-permission-tree`}
      sx={{ display: 'flex', flexDirection: 'column', width: '100%', mb: 1 }}
    >
      {label !== false && (
        <FormLabel htmlFor={`${id}-filter`} sx={{ mb: 1 }}>
          <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
        </FormLabel>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <TextField
          id={`${id}-filter`}
          size="small"
          value={filter}
          onChange={handleFilter}
          placeholder={translate('wms.widgets.permissionTree.filter')}
          slotProps={{
            htmlInput: { 'aria-label': translate('wms.widgets.permissionTree.filter'), 'data-testid': 'permission-filter' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button size="small" startIcon={<UnfoldMoreIcon />} onClick={() => setCollapsed(new Set())}>
          {translate('wms.widgets.permissionTree.expandAll')}
        </Button>
        <Button size="small" startIcon={<UnfoldLessIcon />} onClick={() => setCollapsed(new Set(groups))}>
          {translate('wms.widgets.permissionTree.collapseAll')}
        </Button>
      </Box>
      {isPending && <LinearProgress sx={{ my: 1 }} />}
      {!isPending && loadError && (
        <FormHelperText error>{translate('wms.widgets.permissionTree.loadFailed')}</FormHelperText>
      )}
      {!isPending && !loadError && nothingShown && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
          {translate(filtered ? 'wms.widgets.permissionTree.noMatch' : 'wms.widgets.permissionTree.empty')}
        </Typography>
      )}
      {!isPending && !loadError && !nothingShown && (
        <Box
          component="ul"
          role="tree"
          aria-multiselectable
          id={id}
          sx={{ m: 0, p: 0, maxHeight: 480, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {tree.roots.map((node) => renderNode(node, 0))}
        </Box>
      )}
      {(invalid || helperText) && (
        <FormHelperText error={invalid}>
          <InputHelperText error={error?.message} helperText={helperText} />
        </FormHelperText>
      )}
    </Box>
  );
};
