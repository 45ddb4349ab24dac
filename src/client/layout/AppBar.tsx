/**
 * Top bar (spec 2.4): react-admin's sidebar toggle, a breadcrumb of the current route title, the
 * language menu (<LocalesMenuButton/>, English / 中文), the loading indicator and the user menu
 * (dashboard, log out). Pages' own react-admin <Title>s portal into a hidden TitlePortal: the
 * breadcrumb is the visible title.
 */
import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
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
        navigate('/');
      }}
    >
      <ListItemIcon>
        <DashboardIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.menu.dashboard')}</ListItemText>
    </MenuItem>
  );
};

const toolbar = (
  <>
    <LocalesMenuButton />
    <LoadingIndicator />
  </>
);

const userMenu = (
  <UserMenu>
    <DashboardUserMenuItem />
    <Logout />
  </UserMenu>
);

export const WmsAppBar = () => (
  <AppBar toolbar={toolbar} userMenu={userMenu}>
    <Breadcrumb />
    <Box sx={{ display: 'none' }}>
      <TitlePortal />
    </Box>
  </AppBar>
);
