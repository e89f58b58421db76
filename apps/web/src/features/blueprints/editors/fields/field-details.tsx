import { type Field, TEXT_FIELD_HOLDS, type TextField } from '@groeipad/core';
import { Checkbox, NativeSelect, Text } from '@mantine/core';
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
    case 'text':
      return (
        <>
          <DefaultValueInput field={field} />
          {builder.mentorFields ? <HoldsSelect field={field} /> : null}
        </>
      );
    default:
      return <DefaultValueInput field={field} />;
  }
}

/**
 * What a text field of an information form holds (issue 31): the workplace mentor's e-mail or name, which
 * "Praktijkopleider uitnodigen" is then prefilled from (only for readers who may read the field).
 */
function HoldsSelect({ field }: { field: TextField }) {
  const { t } = useTranslation();
  const builder = useFieldBuilder();
  return (
    <NativeSelect
      label={t('mentorInvite.holds.label')}
      description={t('mentorInvite.holds.description')}
      data={[
        { value: '', label: t('mentorInvite.holds.none') },
        ...TEXT_FIELD_HOLDS.map((holds) => ({ value: holds, label: t(`mentorInvite.holds.${holds}`) })),
      ]}
      value={field.holds ?? ''}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        builder.update(field.uuid, (current) => {
          const { holds: _dropped, ...rest } = current as TextField;
          return (chosen === '' ? rest : { ...rest, holds: chosen }) as Field;
        });
      }}
      disabled={!builder.writable}
    />
  );
}
