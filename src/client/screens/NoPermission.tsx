/**
 * /401, the no-permission page (spec 2.1, 6, 8: "no permission to access this page"). Open without a
 * token. A `noGoBack` query (any value but 'false'/'0') hides the back button.
 * Also exports the redirects react-admin uses when canAccess denies (-> /401) or fails (-> login when the
 * token is gone, else home).
 */
import { Navigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { StatusPage } from './StatusPage';
import { getToken } from '../providers/session';
import { loginUrlFor } from '../providers/createAuthProvider';
import { hidesBackButton } from './noGoBack';

export const NoPermission = () => {
  const translate = useTranslate();
  const [searchParams] = useSearchParams();
  return (
    <StatusPage
      testId="page-401"
      code={translate('app.page.no_permission_title')}
      message={translate('app.page.no_permission')}
      showBack={!hidesBackButton(searchParams.get('noGoBack'))}
    />
  );
};

/**
 * react-admin `accessDenied` and the route guard: spec 6 "else the user goes to /401", opened with `noGoBack`
 * (spec 2.1): going back would only return to the page the user may not open.
 */
export const RedirectToNoPermission = () => <Navigate to="/401?noGoBack=true" replace />;

/** react-admin `authenticationError` (canAccess failed): login without a token, else home. */
export const AuthErrorRedirect = () => <Navigate to={getToken() ? '/' : loginUrlFor('/')} replace />;
