/**
 * The sidebar on mobile (spec 1, 9: below 1024 px; spec 2.4): closed when the console opens (react-admin
 * keeps the sidebar state per browser, so a desktop session would otherwise open it over the page) and
 * closed again after every navigation; opened with the bar's toggle it lies over the page (react-admin's
 * temporary drawer below the theme's `sm` breakpoint).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useMediaQuery, type Theme } from '@mui/material';
import { useSidebarState } from 'react-admin';

export function useMobileDrawer(): void {
  const mobile = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [, setOpen] = useSidebarState();
  const { pathname } = useLocation();
  useEffect(() => {
    if (mobile) setOpen(false);
  }, [mobile, pathname, setOpen]);
}
