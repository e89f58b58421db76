import { FIELD_TYPES, type Field } from '@groeipad/core';
import { ActionIcon, Badge, Checkbox, Paper, Stack, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CommitTextInput } from '../commit-input';
import { TreeList } from '../tree-list';
import classes from '../tree-row.module.css';
import { AddFieldForm } from './add-field-form';
import { useFieldBuilder } from './builder-context';
import { FieldDetails } from './field-details';
import { fieldName } from './field-tree';
import { FieldTypeIcon } from './field-type-icon';

/** One field of the builder: tick box, type, name, required, its properties, and a group's children. */
export function FieldCard({ field, depth }: { field: Field; depth: number }) {
  const { t } = useTranslation();
  const builder = useFieldBuilder();
  const { writable, selection } = builder;
  const open = builder.expanded.has(field.uuid);
  const typeLabel = t(`blueprintEditors.fieldTypes.${field.type}`);
  const detailsId = `field-details-${field.uuid}`;
  const name = field.name || t('blueprintEditors.fields.unnamed');
  const toggleLabel = t(open ? 'blueprintEditors.hideProperties' : 'blueprintEditors.showProperties', {
    name,
  });

  const rename = (text: string) => {
    const cleaned = fieldName(text);
    if (cleaned !== null && cleaned !== field.name)
      builder.update(field.uuid, (current) => ({ ...current, name: cleaned }));
  };

  return (
    <li data-testid={`field-${field.name}`}>
      <Paper withBorder radius="md" p="xs">
        <Stack gap="xs">
          <div className={classes.row}>
            <Checkbox
              aria-label={t('blueprintEditors.selectRow', { name })}
              checked={selection.selected.has(field.uuid)}
              onChange={(event) => selection.toggle(field.uuid, event.currentTarget.checked)}
              disabled={!writable}
            />
            <Badge variant="light" color="gray" leftSection={<FieldTypeIcon type={field.type} />} tt="none">
              {typeLabel}
            </Badge>
            <CommitTextInput
              className={classes.name}
              aria-label={t('blueprintEditors.fields.nameOf', { type: typeLabel })}
              value={field.name}
              onCommit={rename}
              disabled={!writable}
            />
            {field.type !== 'group' && field.required ? (
              <Badge variant="outline" color="red.9" tt="none">
                {t('blueprintEditors.fields.required')}
              </Badge>
            ) : null}
            <div className={classes.actions}>
              <Tooltip label={toggleLabel}>
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size={36}
                  aria-label={toggleLabel}
                  aria-expanded={open}
                  aria-controls={open ? detailsId : undefined}
                  onClick={() => builder.toggleExpanded(field.uuid)}
                >
                  {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
                </ActionIcon>
              </Tooltip>
            </div>
          </div>
          {open ? (
            <Stack gap="sm" id={detailsId}>
              {field.type !== 'group' ? (
                <Checkbox
                  label={t('blueprintEditors.fields.required')}
                  checked={field.required}
                  onChange={(event) => {
                    const required = event.currentTarget.checked;
                    builder.update(field.uuid, (current) => ({ ...current, required }));
                  }}
                  disabled={!writable}
                />
              ) : null}
              <FieldDetails field={field} />
            </Stack>
          ) : null}
        </Stack>
      </Paper>
      {field.type === 'group' ? (
        <Stack gap="xs" className={classes.children}>
          {field.children.length > 0 ? <FieldList fields={field.children} depth={depth + 1} /> : null}
          {writable ? <AddFieldForm parent={field.uuid} parentName={name} /> : null}
        </Stack>
      ) : null}
    </li>
  );
}

/**
 * A list of fields (the form, or a group's children), each as a card; unknown types are logged and
 * skipped. Beside `FieldCard`, which draws a group's children with it.
 */
export function FieldList({ fields, depth }: { fields: readonly Field[]; depth: number }) {
  const { t } = useTranslation();
  return (
    <TreeList label={depth === 0 ? t('blueprintEditors.fields.listLabel') : undefined}>
      {fields.map((field) => {
        if (!(FIELD_TYPES as readonly string[]).includes(field.type)) {
          console.error(`unknown field type ${String(field.type)} (${field.uuid})`);
          return null;
        }
        return <FieldCard key={field.uuid} field={field} depth={depth} />;
      })}
    </TreeList>
  );
}
