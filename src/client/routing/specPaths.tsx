/**
 * The spec's page URLs for react-admin's own links (spec 2.3: `/company`, `/company/add`, `/company/edit/{id}`,
 * `/warehouse/list`). react-admin builds `/<resource>`, `/<resource>/create` and `/<resource>/<id>` in every
 * button, row click and redirect (useCreatePath, which cannot be replaced); its router provider is the one
 * place all of them pass through, so `specRouterProvider` rewrites those three shapes there to the pages the
 * console serves (`MountedPages`, from generated/client/routes.ts `resourcePages`). Other paths pass unchanged.
 */
import { forwardRef, useCallback } from 'react';
import { reactRouterProvider, type LinkBaseProps, type RouterProvider, type RouterTo } from 'react-admin';

/** The pages a resource serves: list route, and the add / edit routes when the console mounts them. */
export interface MountedPages {
  list?: string;
  add?: string;
  /** Pattern with `:id`, e.g. `/company/edit/:id`. */
  edit?: string;
}

/** The edit page of record `id` from an edit pattern (`/company/edit/:id` -> `/company/edit/3`). */
export const editPathOf = (pattern: string, id: string | number): string =>
  pattern.replace(':id', encodeURIComponent(String(id)));

/**
 * The rewrite of a pathname: `/<r>` -> list route, `/<r>/create` -> add page, `/<r>/<numeric id>` -> edit page
 * (record ids are integers), for every resource `r` of `pages` that serves that page.
 */
export function specPathRewriter(pages: Record<string, MountedPages>): (pathname: string) => string {
  return (pathname) => {
    const m = /^\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
    const own = m && Object.prototype.hasOwnProperty.call(pages, m[1]) ? pages[m[1]] : undefined;
    if (!m || !own) return pathname;
    const [, , part] = m;
    if (part === undefined) return own.list ?? pathname;
    if (part === 'create') return own.add ?? pathname;
    if (/^\d+$/.test(part) && own.edit) return editPathOf(own.edit, part);
    return pathname;
  };
}

/** `to` with its pathname rewritten (a string `to` keeps its query and hash). */
function rewriteTo(to: RouterTo, rewrite: (p: string) => string): RouterTo {
  if (typeof to === 'string') {
    const at = to.search(/[?#]/);
    return at < 0 ? rewrite(to) : rewrite(to.slice(0, at)) + to.slice(at);
  }
  return to.pathname === undefined ? to : { ...to, pathname: rewrite(to.pathname) };
}

/** react-admin's react-router provider whose Link, Navigate and navigate() go to the spec's pages. */
export function specRouterProvider(rewrite: (pathname: string) => string): RouterProvider {
  const base = reactRouterProvider;
  const Link = forwardRef<HTMLAnchorElement, LinkBaseProps>((props, ref) => (
    <base.Link ref={ref} {...props} to={rewriteTo(props.to, rewrite)} />
  ));
  Link.displayName = 'SpecLink';
  const Navigate: RouterProvider['Navigate'] = (props) => <base.Navigate {...props} to={rewriteTo(props.to, rewrite)} />;
  const useNavigate: RouterProvider['useNavigate'] = () => {
    const navigate = base.useNavigate();
    return useCallback<ReturnType<RouterProvider['useNavigate']>>(
      (to, options) => (typeof to === 'number' ? navigate(to) : navigate(rewriteTo(to, rewrite), options)),
      [navigate],
    );
  };
  return { ...base, Link: Link as RouterProvider['Link'], Navigate, useNavigate };
}
