import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startRefreshScheduler } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { isLoadingOptional, reloadOnceForChunkError } from './lib/lazy-page';
import { unregisterServiceWorkers } from './lib/service-worker';

void unregisterServiceWorkers();
// Vite reports failed dynamic imports of preloaded chunks with this event. A screen's chunk reloads
// the page once; an optional one (tooltip, menu, notices) fails quietly where it was asked for.
window.addEventListener('vite:preloadError', (event) => {
  if (isLoadingOptional()) return;
  if (reloadOnceForChunkError()) event.preventDefault();
});
startRefreshScheduler();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

void initI18n().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
