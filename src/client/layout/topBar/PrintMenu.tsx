/**
 * The top bar's local-print menu (spec 2.4: "download of the local print plugin (a static zip),
 * enable/disable local print toggle"): the toggle is kept per browser (providers/preferences.ts
 * `localPrint`). The plugin download appears once PRINT_PLUGIN_URL names the zip the printing issue delivers;
 * until then there is no link. Test ids: `print-menu-button`, `local-print-toggle`, `print-plugin-download`.
 */
import { useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Switch, Tooltip } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { localPrint, usePreference } from '../../providers/preferences';

/**
 * Where the local print plugin (a static zip) is downloaded from; null until the printing issue ships it
 * (then e.g. '/static/print/wms-print-plugin.zip').
 */
export const PRINT_PLUGIN_URL: string | null = null;

export const PrintMenu = ({ pluginUrl = PRINT_PLUGIN_URL }: { pluginUrl?: string | null }) => {
  const translate = useTranslate();
  const [enabled, setEnabled] = usePreference(localPrint);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('app.shell.print.title');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} data-testid="print-menu-button" onClick={(e) => setAnchor(e.currentTarget)}>
          <PrintIcon />
        </IconButton>
      </Tooltip>
      <Menu open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)}>
        <MenuItem data-testid="local-print-toggle" role="menuitemcheckbox" aria-checked={enabled} onClick={() => setEnabled(!enabled)}>
          <ListItemText>{translate('app.shell.print.local')}</ListItemText>
          <Switch edge="end" size="small" checked={enabled} tabIndex={-1} inputProps={{ 'aria-hidden': true }} />
        </MenuItem>
        {pluginUrl && (
          <MenuItem component="a" href={pluginUrl} download data-testid="print-plugin-download" onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <DownloadIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('app.shell.print.download')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
};
