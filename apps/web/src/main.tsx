import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startRefreshScheduler } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { reloadOnceForChunkError } from './lib/lazy-page';
import { unregisterServiceWorkers } from './lib/service-worker';

void unregisterServiceWorkers();
// Vite reports failed dynamic imports of preloaded chunks with this event.
window.addEventListener('vite:preloadError', (event) => {
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
