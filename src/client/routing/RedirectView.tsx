/**
 * `/redirect/{path*}` (spec 2.1, the refresh helper): replaces itself with `/{path*}` (query and hash kept),
 * so the view there is unmounted and mounted again: its state is reset and its data loaded anew. Served inside
 * the layout, so only the view re-mounts (bar, menu and tabs stay); the tabs bar counts it as the target's tab.
 * Like every layout page it needs a session (without one the login page returns to it, then to the target).
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { viewOf } from '../layout/tabs/tabList';

export const RedirectView = () => {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(viewOf(pathname, search).to + hash, { replace: true });
  }, [pathname, search, hash, navigate]);
  return null;
};
