/**
 * The top bar's local-print menu (spec 2.4: "download of the local print plugin (a static zip),
 * enable/disable local print toggle"): the toggle and the plugin's address are kept per browser
 * (providers/preferences.ts `localPrint`, providers/print.ts `printPluginAddress`); the zip is served by the
 * server from print-plugin/ (docs/print.md). Test ids: `print-menu-button`, `local-print-toggle`,
 * `print-plugin-download`, `print-plugin-address`.
 */
import { useState } from 'react';
import { Box, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Switch, TextField, Tooltip } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { localPrint, usePreference } from '../../providers/preferences';
import { printPluginAddress } from '../../providers/print';

/** Where the local print plugin (a zip of print-plugin/) is downloaded from (server: domain/print/routes.ts). */
export const PRINT_PLUGIN_URL: string | null = '/static/print-plugin.zip';

export const PrintMenu = ({ pluginUrl = PRINT_PLUGIN_URL }: { pluginUrl?: string | null }) => {
  const translate = useTranslate();
  const [enabled, setEnabled] = usePreference(localPrint);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [address, setAddress] = usePreference(printPluginAddress);
  const [draft, setDraft] = useState<string | null>(null);
  const saveAddress = () => {
    if (draft !== null) setAddress(draft.trim()); // a value that is no http(s) address reads as the default
    setDraft(null);
  };
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
        {enabled && (
          // keys typed here must not reach the menu's type-ahead
          <Box sx={{ px: 2, py: 1 }} onKeyDown={(e) => e.stopPropagation()}>
            <TextField
              size="small"
              fullWidth
              label={translate('app.shell.print.address')}
              value={draft ?? address}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={saveAddress}
              onKeyUp={(e) => e.key === 'Enter' && saveAddress()}
              slotProps={{ htmlInput: { 'data-testid': 'print-plugin-address', spellCheck: false } }}
            />
          </Box>
        )}
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
