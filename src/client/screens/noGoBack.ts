/** /401 query rule (spec 2.1): `noGoBack` present (any value but 'false'/'0') hides the back button. */
export function hidesBackButton(noGoBack: string | null): boolean {
  return noGoBack !== null && noGoBack !== 'false' && noGoBack !== '0';
}
