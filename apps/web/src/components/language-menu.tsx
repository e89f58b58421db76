import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../lib/i18n';
import { LanguageButton } from './language-button';

/** The language menu itself, loaded when the language button is first clicked (see LanguageSelector). */
export function LanguageMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  const target = useRef<HTMLButtonElement>(null);
  // Opened as it mounts (the first click loaded it), the menu does not know where focus was: back to
  // the button when it closes and focus would otherwise be lost.
  const returnFocus = () => {
    const atClose = document.activeElement;
    setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active === atClose)
        target.current?.focus({ preventScroll: true });
    }, 20);
  };
  return (
    <Menu position="bottom-end" withArrow defaultOpened={defaultOpened} onClose={returnFocus}>
      <Menu.Target>
        <LanguageButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.choose')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            rightSection={language === current ? <IconCheck size={16} /> : null}
            onClick={() => void i18n.changeLanguage(language)}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
