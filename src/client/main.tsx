/**
 * Console entry: self-hosted fonts (Roboto for Latin, Noto Sans SC for Chinese; no font CDN; the Chinese
 * subset's stylesheet is loaded only in Chinese mode, providers/chineseFont.ts) and the
 * React root for <App/>. Errors caught by React's error boundaries and the window's uncaught errors go to
 * the top bar's error log (providers/errorLog.ts); react-query's refetches on focus / reconnect are marked
 * as background calls (no loading mask, providers/loading.ts); a chunk of a replaced build reloads the page once
 * (routing/lazyPage.ts).
 */
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installGlobalErrorLog, logRenderError } from './providers/errorLog';
import { installBackgroundRefreshMarks } from './providers/loading';
import { loadChineseFontFor } from './providers/chineseFont';
import { getCurrentLocale } from './providers/locale';
import { installStaleBuildReload } from './routing/lazyPage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

installGlobalErrorLog();
installBackgroundRefreshMarks();
installStaleBuildReload();
void loadChineseFontFor(getCurrentLocale());

const toErrorLog = (error: unknown, info: { componentStack?: string }) => {
  console.error(error);
  logRenderError(error, info.componentStack);
};

createRoot(container, { onCaughtError: toErrorLog, onUncaughtError: toErrorLog }).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
