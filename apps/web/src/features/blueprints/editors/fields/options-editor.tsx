import type { MultiSelectField, SelectField, SelectOption } from '@groeipad/core';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommitTextInput } from '../commit-input';
import { useFieldBuilder } from './builder-context';
import { OptionAttachments } from './option-attachments';

type OptionsField = SelectField | MultiSelectField;

/** The options of a select or multi-select field, each with a value and attachments (spec part 1 §3). */
export function OptionsEditor({ field }: { field: OptionsField }) {
  const { t } = useTranslation();
  const builder = useFieldBuilder();
  const [value, setValue] = useState('');
  const disabled = !builder.writable;

  const setOptions = (change: (options: SelectOption[]) => SelectOption[]) =>
    builder.update(field.uuid, (current) =>
      current.type === 'select' || current.type === 'multi_select'
        ? { ...current, options: change(current.options) }
        : current,
    );

  const add = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (text === '') return;
    setOptions((options) => [...options, { value: text, attachments: [] }]);
    setValue('');
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('blueprintEditors.options.title')}
      </Text>
      {field.options.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('blueprintEditors.options.empty')}
        </Text>
      ) : null}
      {field.options.map((option, index) => {
        const optionLabel = t('blueprintEditors.options.option', { number: index + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; their position is their identity
          <Paper key={index} withBorder radius="sm" p="xs" data-testid={`option-${option.value}`}>
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <CommitTextInput
                  label={optionLabel}
                  value={option.value}
                  onCommit={(text) => {
                    const trimmed = text.trim();
                    if (trimmed === '' || trimmed === option.value) return;
                    setOptions((options) =>
                      options.map((item, at) => (at === index ? { ...item, value: trimmed } : item)),
                    );
                  }}
                  disabled={disabled}
                  style={{ flex: 1, minWidth: 0 }}
                />
                <Tooltip label={t('blueprintEditors.options.remove', { option: option.value })}>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    size={36}
                    aria-label={t('blueprintEditors.options.remove', { option: option.value })}
                    onClick={() => setOptions((options) => options.filter((_, at) => at !== index))}
                    disabled={disabled}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <OptionAttachments
                option={option.value}
                attachments={option.attachments}
                disabled={disabled}
                onChange={(attachments) =>
                  setOptions((options) =>
                    options.map((item, at) => (at === index ? { ...item, attachments } : item)),
                  )
                }
              />
            </Stack>
          </Paper>
        );
      })}
      {builder.writable ? (
        <form onSubmit={add} aria-label={t('blueprintEditors.options.addTitle')}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={t('blueprintEditors.options.newValue')}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              style={{ flex: '1 1 180px' }}
            />
            <Button
              type="submit"
              variant="default"
              leftSection={<IconPlus size={16} />}
              disabled={value.trim() === ''}
            >
              {t('blueprintEditors.options.add')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
