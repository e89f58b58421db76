import { type TextField, trimFieldText, type UrlField, urlLink } from '@groeipad/core';
import { Anchor, Textarea, TextInput } from '@mantine/core';
import type { FieldProps } from './field-props';
import { ReadValue } from './read-value';

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** A text field: several lines grow with the text; trimmed when the field loses focus (spec part 1 §5). */
export function TextFieldInput({ field, value, editable, error, onChange }: FieldProps<TextField>) {
  const text = asText(value);
  if (!editable)
    return (
      <ReadValue label={field.name} empty={text.trim() === ''}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>
      </ReadValue>
    );
  return (
    <Textarea
      label={field.name}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => onChange(trimFieldText(text))}
      withAsterisk={field.required}
      error={error}
      autosize
      minRows={1}
      maxRows={12}
    />
  );
}

/**
 * A url field: the value as typed (trimmed on blur); read mode links to it, with https:// put in front
 * when it lacks http:// or https:// (spec part 1 §5).
 */
export function UrlFieldInput({ field, value, editable, error, onChange }: FieldProps<UrlField>) {
  const text = asText(value);
  if (!editable)
    return (
      <ReadValue label={field.name} empty={text.trim() === ''}>
        <Anchor href={urlLink(text)} target="_blank" rel="noopener noreferrer" size="sm">
          {text.trim()}
        </Anchor>
      </ReadValue>
    );
  return (
    <TextInput
      label={field.name}
      value={text}
      inputMode="url"
      autoComplete="url"
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => onChange(trimFieldText(text))}
      withAsterisk={field.required}
      error={error}
    />
  );
}
