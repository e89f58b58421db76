import type { Field } from '@groeipad/core';
import { useTranslation } from 'react-i18next';
import { BooleanFieldInput } from './fields/boolean-field';
import { CalculationFieldView } from './fields/calculation-field';
import { CompetenceListFieldInput } from './fields/competence-list-field';
import { DateFieldInput } from './fields/date-field';
import type { FieldProps } from './fields/field-props';
import { GroupFieldView } from './fields/group-field';
import { ImageFieldInput } from './fields/image-field';
import { NumberFieldInput } from './fields/number-field';
import { RatingFieldInput } from './fields/rating-field';
import { MultiSelectFieldInput, SelectFieldInput } from './fields/select-fields';
import { TextFieldInput, UrlFieldInput } from './fields/text-fields';
import { UploadFieldInput } from './fields/upload-field';
import { useFormState } from './form-context';
import { accessOf } from './form-rights';

/** A list of fields, each by its type. */
export function FormFields({ fields, depth = 0 }: { fields: readonly Field[]; depth?: number }) {
  return fields.map((field) => <FormField key={field.uuid} field={field} depth={depth} />);
}

/**
 * One field: editable only in edit mode and with write on it (spec part 1 §6); its error shown at it.
 * An unknown type is logged and renders nothing (spec part 1 §8).
 */
function FormField({ field, depth }: { field: Field; depth: number }) {
  const { t } = useTranslation();
  const state = useFormState();
  if (field.type === 'group')
    return (
      <GroupFieldView field={field} depth={depth}>
        <FormFields fields={field.children} depth={depth + 1} />
      </GroupFieldView>
    );
  const problem = state.errors.get(field.uuid);
  const editable = state.editing && accessOf(state.rights, field.uuid).write;
  const props = {
    value: state.values[field.uuid],
    editable,
    error: editable && problem ? t(`trajectories.form.${problem}`) : null,
    onChange: (value: unknown) => state.setValue(field.uuid, value),
  } satisfies Omit<FieldProps, 'field'>;
  const content = (() => {
    switch (field.type) {
      case 'text':
        return <TextFieldInput field={field} {...props} />;
      case 'url':
        return <UrlFieldInput field={field} {...props} />;
      case 'integer':
      case 'decimal':
        return <NumberFieldInput field={field} {...props} />;
      case 'date':
        return <DateFieldInput field={field} {...props} />;
      case 'boolean':
        return <BooleanFieldInput field={field} {...props} />;
      case 'select':
        return <SelectFieldInput field={field} {...props} />;
      case 'multi_select':
        return <MultiSelectFieldInput field={field} {...props} />;
      case 'rating':
        return <RatingFieldInput field={field} {...props} />;
      case 'competence_list':
        return <CompetenceListFieldInput field={field} {...props} />;
      case 'calculation':
        return <CalculationFieldView field={field} {...props} />;
      case 'upload':
        return <UploadFieldInput field={field} {...props} />;
      case 'image':
        return <ImageFieldInput field={field} {...props} />;
      default:
        console.warn('Unknown field type', (field as { type: unknown }).type);
        return null;
    }
  })();
  return (
    <div data-field={field.name} data-field-uuid={field.uuid}>
      {content}
    </div>
  );
}
