import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { type ComponentPropsWithRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOptional, useOptionalModule } from '../../lib/lazy-page';

const loadMenu = () => import('./language-menu');

/** The button showing the current language; the menu's target. */
export function LanguageButton(props: ButtonProps & ComponentPropsWithRef<'button'>) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-md"
      px={6}
      leftSection={<IconLanguage size={18} />}
      aria-label={`${current.toUpperCase()} – ${t('language.choose')}`}
      aria-haspopup="menu"
      c="dark.6"
      className="icon-from-xs"
      {...props}
    >
      {current.toUpperCase()}
    </Button>
  );
}

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
