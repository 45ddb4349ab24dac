/**
 * Top bar (spec 2.4): react-admin's sidebar toggle, a breadcrumb of the current route title, the error log
 * (hidden on mobile), the local-print menu (toggle, plugin download), the component size, full screen, the
 * language menu (<LocalesMenuButton/>, English / 中文), the loading indicator and the user menu
 * (dashboard, change password, log out); the new parts live in layout/topBar/. Pages' own react-admin <Title>s portal into a hidden TitlePortal:
 * the breadcrumb is the visible title. The change-password item opens <ChangePasswordDialog/> (spec 2.4),
 * which lives beside the bar because the user menu unmounts its items when it closes.
 */
import { useMemo, useState } from 'react';
import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useNavigate } from 'react-router-dom';
import {
  AppBar,
  LoadingIndicator,
  LocalesMenuButton,
  Logout,
  TitlePortal,
  UserMenu,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { useRouteTitle } from './useDocumentTitle';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { ErrorLogButton } from './topBar/ErrorLogButton';
import { PrintMenu } from './topBar/PrintMenu';
import { SizeMenu } from './topBar/SizeMenu';
import { FullScreenButton } from './topBar/FullScreenButton';

const Breadcrumb = () => {
  const route = useRouteTitle();
  const translate = useTranslate();
  const parts = route ? [...route.trail, route.title] : [translate('app.title')];
  return (
    <Typography
      variant="h6"
      color="inherit"
      noWrap
      data-testid="page-title"
      sx={{ flex: 1, textOverflow: 'ellipsis', overflow: 'hidden' }}
    >
      {parts.join(' / ')}
    </Typography>
  );
};

const DashboardUserMenuItem = () => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const navigate = useNavigate();
  return (
    <MenuItem
      data-testid="user-menu-dashboard"
      onClick={() => {
        userMenu?.onClose();
        navigate('/dashboard');
      }}
    >
      <ListItemIcon>
        <DashboardIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('screens.dashboard')}</ListItemText>
    </MenuItem>
  );
};

/** User-menu item that closes the menu and opens the change-password dialog. */
export const ChangePasswordUserMenuItem = ({ onOpen }: { onOpen: () => void }) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      data-testid="user-menu-change-password"
      onClick={() => {
        userMenu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <LockResetIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.password.change')}</ListItemText>
    </MenuItem>
  );
};

const toolbar = (
  <>
    <ErrorLogButton />
    <PrintMenu />
    <SizeMenu />
    <FullScreenButton />
    <LocalesMenuButton />
    <LoadingIndicator />
  </>
);

export const WmsAppBar = () => {
  const [passwordOpen, setPasswordOpen] = useState(false);
  const userMenu = useMemo(
    () => (
      <UserMenu>
        <DashboardUserMenuItem />
        <ChangePasswordUserMenuItem onOpen={() => setPasswordOpen(true)} />
        <Logout />
      </UserMenu>
    ),
    [],
  );
  return (
    <>
      <AppBar toolbar={toolbar} userMenu={userMenu}>
        <Breadcrumb />
        <Box sx={{ display: 'none' }}>
          <TitlePortal />
        </Box>
      </AppBar>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
};
