import { DESCRIPTION_MAX, NAME_MAX } from '@groeipad/core';
import { Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface NameDescription {
  name: string;
  description: string;
}

/** Why the name or description cannot be saved (spec part 2 §5): required, at most 255 / 1000. */
export function nameDescriptionProblems(value: NameDescription): { name?: string; description?: string } {
  const problems: { name?: string; description?: string } = {};
  if (value.name.trim() === '') problems.name = 'required';
  else if (value.name.length > NAME_MAX) problems.name = 'tooLong';
  if (value.description.length > DESCRIPTION_MAX) problems.description = 'tooLong';
  return problems;
}

interface Props {
  value: NameDescription;
  onChange: (value: NameDescription) => void;
  /** Translated errors per field (the client's checks after a submit, or the server's). */
  errors: { name?: string | undefined; description?: string | undefined };
  autoFocus?: boolean;
}

/** The name (required, ≤255) and description (≤1000) fields with their counters: create, copy, edit, import. */
export function NameDescriptionFields({ value, onChange, errors, autoFocus = false }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('blueprintList.fields.name')}
        required
        data-autofocus={autoFocus || undefined}
        value={value.name}
        maxLength={NAME_MAX}
        description={t('common.counter', { count: value.name.length, max: NAME_MAX })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={errors.name}
        onChange={(event) => onChange({ ...value, name: event.currentTarget.value })}
      />
      <Textarea
        label={t('blueprintList.fields.description')}
        value={value.description}
        maxLength={DESCRIPTION_MAX}
        autosize
        minRows={3}
        maxRows={8}
        description={t('common.counter', { count: value.description.length, max: DESCRIPTION_MAX })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={errors.description}
        onChange={(event) => onChange({ ...value, description: event.currentTarget.value })}
      />
    </>
  );
}
