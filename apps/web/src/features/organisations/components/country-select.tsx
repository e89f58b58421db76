import { COUNTRY_CODES } from '@groeipad/core';
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The ~250 ISO codes from core with names localised and sorted in the current language. */
export function useCountryOptions(): { value: string; label: string }[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(language, { sensitivity: 'base' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [language]);
}

interface CountrySelectProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
}

export function CountrySelect({ label, value, onChange, error }: CountrySelectProps) {
  const { t } = useTranslation();
  const options = useCountryOptions();
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      required
      nothingFoundMessage={t('common.nothingFound')}
      error={error ?? undefined}
      autoComplete="country"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
