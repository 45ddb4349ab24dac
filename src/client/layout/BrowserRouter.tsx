/**
 * Browser-history router with synchronous location updates.
 *
 * Why not react-router's <BrowserRouter>: in react-router 7 every location change is a React transition.
 * react-admin's logout navigates and then immediately resets its store and query cache; the cache reset
 * re-renders the still-mounted protected routes (the transition has not committed yet), which log out
 * again, and the loop starves the transition forever (marmelab/react-admin#10764 describes the same race).
 * Updating the location synchronously lets the login page replace the protected routes in the same
 * render as the cache reset.
 *
 * Browser history (not react-admin's default hash router) keeps the spec's paths (/login?redirect=...,
 * /warehouse/list, /401, /404) as real URLs; the server answers them with index.html.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';

export const BrowserRouter = ({ children }: { children: ReactNode }) => {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () => history.listen(({ action, location }) => setState({ action, location })),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
};
