/**
 * /404, the URL-not-found page (spec 2.1, 2.2, 8: "URL not found"), open without a token, and the
 * react-admin catch-all that sends unknown paths there.
 */
import { Navigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { StatusPage } from './StatusPage';

export const NotFound = () => {
  const translate = useTranslate();
  return (
    <StatusPage
      testId="page-404"
      code={translate('app.page.not_found_title')}
      message={translate('app.page.not_found')}
      showBack
    />
  );
};

/** react-admin `catchAll`: unknown paths go to /404 (spec 2.2). */
export const RedirectToNotFound = () => <Navigate to="/404" replace />;
