import { useState } from 'react';
import { loadOptional, useOptionalModule } from '../lib/lazy-page';
import { LanguageButton } from './language-button';

const loadMenu = () => import('./language-menu');

/**
 * Language selector (nl, en). The menu (Mantine Menu with floating-ui) loads when the button is first
 * clicked, or pointed at or focused, so the sign-in page does not download it up front; it opens as
 * soon as it arrived. Should it not arrive (the server is away), the button stays, and the next click
 * tries again.
 */
export function LanguageSelector() {
  const [requests, setRequests] = useState(0);
  const menu = useOptionalModule(loadMenu, requests);
  const preload = () => void loadOptional(loadMenu).catch(() => {});
  if (menu) return <menu.LanguageMenu defaultOpened={requests > 0} />;
  return (
    <LanguageButton
      onClick={() => setRequests((count) => count + 1)}
      onPointerEnter={preload}
      onFocus={preload}
    />
  );
}
