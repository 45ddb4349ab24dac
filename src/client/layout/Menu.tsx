/**
 * Sidebar menu built from the generated `menuTree` (spec 2.4, 6): nodes the user may not see are removed
 * by filterMenu (roles from usePermissions); parents are collapsible groups, leaves link to their route
 * (or `/<resource>`). A dashboard item (to /dashboard, for users its route guard lets in) comes first unless
 * the tree has its own node for `/` or `/dashboard`. Items carry `data-testid="menu-<key>"` for browser tests.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Collapse, List, ListItemIcon, MenuItem, Typography, Tooltip } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Menu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { menuTree, type MenuNode } from '../../../generated/client/menu';
import { generatedResources } from '../../../generated/client/resources';
import { filterMenu, menuTarget } from './menuAccess';
import { MenuIcon } from './MenuIcon';
import { routeAllowed } from '../routing/RouteGuard';

const resourceIcons = new Map(generatedResources.filter(r => r.icon).map(r => [r.name, r.icon!]));

/** Menu labels may be resource names (`resources.<name>.name`), which take a plural count. */
const labelOptions = (node: MenuNode) => ({ _: node.key, smart_count: 2 });

function containsPath(node: MenuNode, pathname: string): boolean {
  const target = menuTarget(node);
  if (target && target !== '/' && (pathname === target || pathname.startsWith(`${target}/`))) return true;
  return (node.children ?? []).some(child => containsPath(child, pathname));
}

const SubMenu = ({ node, depth, children }: { node: MenuNode; depth: number; children: ReactNode }) => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(() => containsPath(node, pathname));
  const label = translate(node.labelKey, labelOptions(node));
  const header = (
    <MenuItem dense onClick={() => setOpen(o => !o)} data-testid={`menu-${node.key}`} aria-expanded={open}>
      <ListItemIcon sx={{ minWidth: 5 }}>{open ? <ExpandMoreIcon /> : <MenuIcon name={node.icon} />}</ListItemIcon>
      <Typography variant="inherit" color="textSecondary" noWrap>
        {label}
      </Typography>
    </MenuItem>
  );
  return (
    <>
      {sidebarOpen ? header : <Tooltip title={label} placement="right">{header}</Tooltip>}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List
          dense
          component="div"
          disablePadding
          sx={{
            '& .MuiMenuItem-root': { transition: 'padding-left 195ms', pl: sidebarOpen ? 2 + 2 * (depth + 1) : 2 },
          }}
        >
          {children}
        </List>
      </Collapse>
    </>
  );
};

const MenuNodeItem = ({ node, depth }: { node: MenuNode; depth: number }) => {
  const translate = useTranslate();
  if (node.children && node.children.length > 0) {
    return (
      <SubMenu node={node} depth={depth}>
        {node.children.map(child => (
          <MenuNodeItem key={child.key} node={child} depth={depth + 1} />
        ))}
      </SubMenu>
    );
  }
  const to = menuTarget(node);
  if (!to) return null;
  return (
    <Menu.Item
      to={to}
      primaryText={translate(node.labelKey, labelOptions(node))}
      leftIcon={<MenuIcon name={node.icon} fallback={node.resource ? resourceIcons.get(node.resource) : undefined} />}
      data-testid={`menu-${node.key}`}
    />
  );
};

export const WmsMenu = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const nodes = useMemo(() => filterMenu(menuTree, Array.isArray(permissions) ? permissions : []), [permissions]);
  const hasDashboardNode = useMemo(
    () => menuTree.some(n => n.route === '/' || n.route === '/dashboard'),
    [],
  );
  return (
    <Menu>
      {!hasDashboardNode && routeAllowed(permissions, '/dashboard') && (
        <Menu.Item
          to="/dashboard"
          primaryText={translate('screens.dashboard')}
          leftIcon={<DashboardIcon />}
          data-testid="menu-dashboard"
        />
      )}
      {nodes.map(node => (
        <MenuNodeItem key={node.key} node={node} depth={0} />
      ))}
    </Menu>
  );
};
