import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../lib/i18n';

export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          px={6}
          leftSection={<IconLanguage size={18} />}
          aria-label={`${current.toUpperCase()} – ${t('language.choose')}`}
          c="dark.6"
        >
          {current.toUpperCase()}
        </Button>
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
