/**
 * Row actions that scale (issue 27 item 3): a row shows at most two actions as buttons and keeps the rest in
 * its menu (a "more" icon button). `RowActionButton` is one action, drawn as a small text button inline or as a
 * menu item inside `RowActionsMenu` (it reads where it is from context), so row widgets render one component
 * for both places. The menu mounts on its first opening and then stays mounted (hidden), so a widget's own
 * state (a prompt, a link dialog) outlives a closed menu; the kit's prompts and reason dialogs live outside it.
 * Destructive actions (`danger`) come last, after a divider, in the error colour.
 * The list takes the focus on opening (its items are wrapped, so MUI cannot focus the first): arrows move through it.
 * Test ids: the action's own (e.g. `inbound-row-cancel`) inline or in the menu; `${testId}-row-more` on the icon
 * button; the open menu is the page's only visible `role=menu`.
 */
import { createContext, useContext, useState, type MouseEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslate } from 'react-admin';
import { testIdOf, type DocumentNames } from './names';

/** Where a row action is drawn: `close` (in the menu) closes the menu before the action runs. */
interface Placement {
  close?: () => void;
}
const PlacementContext = createContext<Placement>({});

/** Whether the calling row action is drawn inside a row's menu. */
export const useInRowMenu = () => Boolean(useContext(PlacementContext).close);

export type RowActionColor = 'primary' | 'success' | 'error' | 'warning';

export interface RowActionButtonProps {
  /** The text, translated. */
  label: string;
  onClick: () => void;
  testId: string;
  color?: RowActionColor;
  disabled?: boolean;
  /** Shown before the text in the menu and on the button. */
  icon?: ReactNode;
}

/** One row action: a small text button inline, a menu item in a row's menu (which it closes first). */
export const RowActionButton = ({ label, onClick, testId, color = 'primary', disabled, icon }: RowActionButtonProps) => {
  const { close } = useContext(PlacementContext);
  if (close) {
    return (
      <MenuItem dense disabled={disabled} onClick={() => { close(); onClick(); }} data-testid={testId} sx={color === 'error' ? { color: 'error.main' } : undefined}>
        {icon ? <ListItemIcon sx={{ color: 'inherit' }}>{icon}</ListItemIcon> : null}
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
  }
  return (
    // a row action never counts as a click on its row (a list whose rows open on click)
    <Button size="small" color={color} disabled={disabled} onClick={(e) => { e.stopPropagation(); onClick(); }} startIcon={icon} sx={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      {label}
    </Button>
  );
};

export interface RowActionsMenuProps {
  names: DocumentNames;
  /** The row's other actions (RowActionButton or widgets drawing one), in order. */
  children?: ReactNode;
  /** Destructive actions: last, after a divider. */
  danger?: ReactNode[];
}

/** The row's "more" button and its menu; nothing when there is nothing to put in it. */
export const RowActionsMenu = ({ names, children, danger = [] }: RowActionsMenuProps) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [mounted, setMounted] = useState(false);
  const label = translate('wms.doc.action.more');
  const open = (e: MouseEvent<HTMLElement>) => {
    setMounted(true);
    setAnchor(e.currentTarget);
  };
  const close = () => setAnchor(null);
  return (
    <PlacementContext.Provider value={{ close }}>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined} onClick={open} data-testid={testIdOf(names, 'row-more')}>
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {mounted ? (
        <Menu open={anchor !== null} anchorEl={anchor} onClose={close} keepMounted disableAutoFocusItem anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }} onClick={(e) => e.stopPropagation()}>
          {children}
          {danger.length ? <Divider /> : null}
          {danger}
        </Menu>
      ) : null}
    </PlacementContext.Provider>
  );
};
