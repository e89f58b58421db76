import type { Field } from '@groeipad/core';
import { Checkbox, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFieldBuilder } from './builder-context';
import { DefaultValueInput } from './default-value-input';
import { FormulaEditor } from './formula-editor';
import { LevelsEditor } from './levels-editor';
import { OptionsEditor } from './options-editor';
import { RatingEditor } from './rating-editor';

/** The properties of one field, by type (spec part 1 §3). */
export function FieldDetails({ field }: { field: Field }) {
  const { t } = useTranslation();
  const builder = useFieldBuilder();
  switch (field.type) {
    case 'group':
      return (
        <Checkbox
          label={t('blueprintEditors.fields.collapsed')}
          description={t('blueprintEditors.fields.collapsedHint')}
          checked={field.collapsed}
          onChange={(event) => {
            const collapsed = event.currentTarget.checked;
            builder.update(field.uuid, (current) => ({ ...current, collapsed }) as Field);
          }}
          disabled={!builder.writable}
        />
      );
    case 'select':
      return (
        <>
          <OptionsEditor field={field} />
          <DefaultValueInput field={field} />
        </>
      );
    case 'multi_select':
      return <OptionsEditor field={field} />;
    case 'rating':
      return <RatingEditor field={field} />;
    case 'competence_list':
      return <LevelsEditor field={field} />;
    case 'calculation':
      return <FormulaEditor field={field} />;
    case 'image':
    case 'upload':
      return (
        <Text size="sm" c="dimmed">
          {t('blueprintEditors.fields.filledInForm')}
        </Text>
      );
    default:
      return <DefaultValueInput field={field} />;
  }
}
