import { FIELD_TYPES, type FieldType } from '@groeipad/core';
import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldBuilder } from './builder-context';
import { fieldName } from './field-tree';

/** Adds a field of any of the 14 types to the root or to a group; a name with nothing but dots is not added. */
export function AddFieldForm({ parent, parentName }: { parent: string | null; parentName?: string }) {
  const { t } = useTranslation();
  const builder = useFieldBuilder();
  const [name, setName] = useState('');
  const [type, setType] = useState<FieldType>('text');
  const cleaned = fieldName(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cleaned === null) return;
    builder.add(parent, type, cleaned);
    setName('');
  };

  const label = parentName
    ? t('blueprintEditors.fields.addTo', { group: parentName })
    : t('blueprintEditors.fields.addTitle');
  const titleId = useId();
  return (
    <form onSubmit={submit} aria-labelledby={titleId}>
      <Text id={titleId} size="sm" fw={600} c="green.9" mb={4}>
        {label}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={t('blueprintEditors.fields.newName')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          description={name.includes('.') ? t('blueprintEditors.fields.noDots') : undefined}
          style={{ flex: '1 1 180px' }}
        />
        <NativeSelect
          label={t('blueprintEditors.fields.type')}
          value={type}
          onChange={(event) => setType(event.currentTarget.value as FieldType)}
          data={FIELD_TYPES.map((value) => ({ value, label: t(`blueprintEditors.fieldTypes.${value}`) }))}
          style={{ flex: '1 1 160px' }}
        />
        <Button
          type="submit"
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={cleaned === null}
        >
          {parentName ? t('blueprintEditors.fields.addInGroup') : t('blueprintEditors.fields.add')}
        </Button>
      </Group>
    </form>
  );
}
