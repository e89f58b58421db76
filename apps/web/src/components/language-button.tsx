import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The button showing the current language; the menu's target (its own file: the selector and the menu it loads both draw it). */
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
