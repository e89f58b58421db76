import { FIELD_TYPES, type Field } from '@groeipad/core';
import { useTranslation } from 'react-i18next';
import { TreeList } from '../tree-list';
import { FieldCard } from './field-card';

/** A list of fields (the form, or a group's children), each as a card; unknown types are logged and skipped. */
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
