import type { LibraryEntry } from '@groeipad/core';
import { Group, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  entries: readonly LibraryEntry[];
  value: number | null;
  onChange: (entry: LibraryEntry) => void;
  error?: string | null | undefined;
}

/** A choice of one library entry, each shown with type, name, description and version. */
export function LibraryEntryChooser({ label, entries, value, onChange, error }: Props) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={label}
      required
      error={error}
      value={value === null ? null : String(value)}
      onChange={(id) => {
        const entry = entries.find((candidate) => String(candidate.id) === id);
        if (entry) onChange(entry);
      }}
    >
      <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars mt={6}>
        <Stack gap={6}>
          {entries.map((entry) => (
            <Radio.Card
              key={entry.id}
              value={String(entry.id)}
              radius="md"
              p="sm"
              aria-label={entry.name}
              style={{ minWidth: 0 }}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {entry.name}
                  </Text>
                  <Text size="xs" c="dark.4">
                    {t(`blueprintList.types.${entry.type}`)} ·{' '}
                    {t('blueprintList.library.version', { version: entry.version })}
                  </Text>
                  {entry.description ? (
                    <Text size="xs" c="dark.4" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {entry.description}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Radio.Group>
  );
}
