/** react-admin's error page, in a module of its own so App.tsx can load it lazily (layout/ConsoleAdmin.tsx). */
export { Error as ErrorPage } from 'react-admin';
