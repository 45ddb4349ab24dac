/**
 * The top bar's component-size menu: default / medium / small, kept per browser (providers/preferences.ts
 * `componentSize`) and applied through the MUI theme (layout/theme.ts `themeOf`, chosen in App.tsx) to every
 * input, button and table. Test ids: `size-menu-button`, `size-option-<size>`.
 */
import { useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import FormatSizeIcon from '@mui/icons-material/FormatSize';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslate } from 'react-admin';
import { COMPONENT_SIZES, componentSize, usePreference } from '../../providers/preferences';

export const SizeMenu = () => {
  const translate = useTranslate();
  const [size, setSize] = usePreference(componentSize);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('app.shell.size.title');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} data-testid="size-menu-button" onClick={(e) => setAnchor(e.currentTarget)}>
          <FormatSizeIcon />
        </IconButton>
      </Tooltip>
      <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {COMPONENT_SIZES.map((s) => (
          <MenuItem
            key={s}
            data-testid={`size-option-${s}`}
            selected={s === size}
            role="menuitemradio"
            aria-checked={s === size}
            onClick={() => {
              setSize(s);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{s === size ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{translate(`app.shell.size.${s}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
