/**
 * The tabs bar above every view (spec 2.2, 2.4): each visited view opens (or focuses) a tab titled like the
 * page; the dashboard tab is pinned (no close button, not closed by any command) for users who may open it.
 * - click / Enter / Space: go to the tab's view; arrow keys move between tabs (MUI Tabs);
 * - middle click, the tab's × or Delete on a focused tab: close it (going to its neighbour when it was shown);
 * - right click (or the context-menu key): Refresh (re-mounts the view through `/redirect/{path*}`), Close,
 *   Close others, Close all.
 * The list lives in sessionStorage (tabStore.ts: survives a reload, ends with the session) and is cut to
 * the views the user may still open (routing/RouteGuard.tsx `pathAllowed`) once their codes are known.
 * The bar scrolls within itself and keeps the active tab in view, also when titles arrive after it was scrolled
 * (issue 27: every tab used to widen the page).
 * Test ids: `tabs-bar`, `view-tab` (with `data-key`, `data-pinned`), `view-tab-close`, `tab-menu-<command>`.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Box, ListItemIcon, ListItemText, Menu, MenuItem, Tab, Tabs } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import PushPinIcon from '@mui/icons-material/PushPin';
import { usePermissions, useTranslate } from 'react-admin';
import { pathAllowed, routeAllowed } from '../../routing/RouteGuard';
import { useViewTitle } from '../useDocumentTitle';
import { closeAllTabs, closeOtherTabs, closeTab, redirectPathOf, settleTabs, viewOf, visitTab, type ViewTab } from './tabList';
import { getTabs, setTabs, subscribeTabs } from './tabStore';

export const DASHBOARD_TAB: ViewTab = { key: '/dashboard', to: '/dashboard', pinned: true };

type Command = 'refresh' | 'close' | 'closeOthers' | 'closeAll';
const COMMANDS: Array<{ command: Command; label: string; testId: string }> = [
  { command: 'refresh', label: 'app.shell.tabs.refresh', testId: 'tab-menu-refresh' },
  { command: 'close', label: 'app.shell.tabs.close', testId: 'tab-menu-close' },
  { command: 'closeOthers', label: 'app.shell.tabs.close_others', testId: 'tab-menu-close-others' },
  { command: 'closeAll', label: 'app.shell.tabs.close_all', testId: 'tab-menu-close-all' },
];

/** The tab list kept in step with the location and the user's codes, and the commands over it. */
function useViewTabs() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { permissions, isPending, error } = usePermissions();
  const tabs = useSyncExternalStore(subscribeTabs, getTabs, getTabs);
  const active = viewOf(pathname, search);

  useEffect(() => {
    // codes unknown (still loading, or their call failed: no answer, a server error) cut nothing: the list
    // settles at the next successful check instead of losing every tab to one failed call
    if (isPending || error) return;
    const pinned = routeAllowed(permissions, DASHBOARD_TAB.key) ? [DASHBOARD_TAB] : [];
    const allowed = (key: string) => pathAllowed(permissions, key);
    let next = settleTabs(getTabs(), pinned, allowed);
    if (allowed(active.key)) next = visitTab(next, active.key, active.to);
    setTabs(next);
  }, [isPending, error, permissions, active.key, active.to]);

  const go = (to: string | undefined) => {
    if (to !== undefined) navigate(to);
  };
  const run = (command: Command, tab: ViewTab) => {
    const current = getTabs();
    if (command === 'refresh') return navigate(redirectPathOf(tab.to));
    const result =
      command === 'close' ? closeTab(current, tab.key, active.key)
      : command === 'closeOthers' ? closeOtherTabs(current, tab.key, active.key)
      : closeAllTabs(current, active.key);
    setTabs(result.tabs);
    go(result.next);
  };
  return { tabs, activeKey: active.key, navigate, run };
}

/** Scrolls the tabs bar `root` so that its selected tab is wholly inside the bar (no-op when it is). */
function revealSelectedTab(root: HTMLElement | null): void {
  const scroller = root?.querySelector<HTMLElement>('.MuiTabs-scroller');
  const tab = scroller?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  if (!scroller || !tab) return;
  const s = scroller.getBoundingClientRect();
  const t = tab.getBoundingClientRect();
  if (t.right > s.right) scroller.scrollLeft += t.right - s.right;
  else if (t.left < s.left) scroller.scrollLeft -= s.left - t.left;
}

export const TabsBar = () => {
  const translate = useTranslate();
  const titleOf = useViewTitle();
  const { tabs, activeKey, navigate, run } = useViewTabs();
  const [menu, setMenu] = useState<{ tab: ViewTab; top: number; left: number } | null>(null);
  const byKey = useMemo(() => new Map(tabs.map((t) => [t.key, t])), [tabs]);
  const bar = useRef<HTMLDivElement>(null);
  const titles = tabs.map((t) => titleOf(t.key)).join('\n');
  useEffect(() => {
    // MUI scrolls to the selected tab with a 300 ms animation measured before the new tab and its title settled
    // (it stopped ~80 px short of a tab added at the end): check again once that animation is over, and
    // whenever the tabs' row or the bar's room changes size later (a title arriving; the scroll buttons of
    // scrollButtons="auto" appearing take 80 px from the scroller after it was measured)
    const timer = setTimeout(() => revealSelectedTab(bar.current), 400);
    const boxes = [bar.current?.querySelector('.MuiTabs-scroller'), bar.current?.querySelector('.MuiTabs-scroller > div')].filter((b): b is Element => Boolean(b));
    // again after MUI's own 300 ms scroll, which a size change starts from stale measurements
    const later: ReturnType<typeof setTimeout>[] = [];
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => {
      revealSelectedTab(bar.current);
      later.push(setTimeout(() => revealSelectedTab(bar.current), 400));
    });
    for (const b of boxes) observer?.observe(b);
    return () => { clearTimeout(timer); later.forEach(clearTimeout); observer?.disconnect(); };
  }, [activeKey, titles]);
  if (tabs.length === 0) return null;

  const openMenu = (e: MouseEvent<HTMLElement>, tab: ViewTab) => {
    e.preventDefault();
    // the context-menu key gives no pointer position: open at the tab
    const rect = e.currentTarget.getBoundingClientRect();
    const fromKeyboard = e.clientX === 0 && e.clientY === 0;
    setMenu({ tab, top: fromKeyboard ? rect.bottom : e.clientY, left: fromKeyboard ? rect.left : e.clientX });
  };
  const onAuxClick = (e: MouseEvent, tab: ViewTab) => {
    if (e.button !== 1) return;
    e.preventDefault();
    run('close', tab);
  };
  const onKeyDown = (e: KeyboardEvent, tab: ViewTab) => {
    if (e.key === 'Delete' && !tab.pinned) {
      e.preventDefault();
      run('close', tab);
    }
  };

  return (
    <Box ref={bar} data-testid="tabs-bar" sx={{ borderBottom: 1, borderColor: 'divider', mb: 1, minWidth: 0 }}>
      <Tabs
        value={byKey.has(activeKey) ? activeKey : false}
        onChange={(_, key: string) => {
          const tab = byKey.get(key);
          if (tab && key !== activeKey) navigate(tab.to);
        }}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={translate('app.shell.tabs.label')}
        sx={{ minHeight: 36 }}
      >
        {tabs.map((tab) => {
          const title = titleOf(tab.key);
          return (
            <Tab
              key={tab.key}
              value={tab.key}
              data-testid="view-tab"
              data-key={tab.key}
              data-pinned={tab.pinned ? 'true' : 'false'}
              title={title}
              onAuxClick={(e) => onAuxClick(e, tab)}
              // no autoscroll cursor on middle press
              onMouseDown={(e) => e.button === 1 && e.preventDefault()}
              onContextMenu={(e) => openMenu(e, tab)}
              onKeyDown={(e) => onKeyDown(e, tab)}
              sx={{ minHeight: 36, py: 0.5, px: 1.5, textTransform: 'none' }}
              icon={tab.pinned ? <PushPinIcon sx={{ fontSize: 14 }} /> : undefined}
              iconPosition="start"
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  <span>{title}</span>
                  {!tab.pinned && (
                    <CloseIcon
                      data-testid="view-tab-close"
                      aria-hidden
                      sx={{ fontSize: 14, borderRadius: '50%', '&:hover': { bgcolor: 'action.hover' } }}
                      onClick={(e) => {
                        e.stopPropagation();
                        run('close', tab);
                      }}
                    />
                  )}
                </Box>
              }
            />
          );
        })}
      </Tabs>
      <Menu
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.top, left: menu.left } : undefined}
        data-testid="tab-menu"
      >
        {COMMANDS.map(({ command, label, testId }) => (
          <MenuItem
            key={command}
            data-testid={testId}
            disabled={command === 'close' && !!menu?.tab.pinned}
            onClick={() => {
              const tab = menu?.tab;
              setMenu(null);
              if (tab) run(command, tab);
            }}
          >
            {command === 'refresh' && (
              <ListItemIcon>
                <RefreshIcon fontSize="small" />
              </ListItemIcon>
            )}
            <ListItemText inset={command !== 'refresh'}>{translate(label)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
};
