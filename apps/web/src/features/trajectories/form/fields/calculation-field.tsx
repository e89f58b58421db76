import type { CalculationField } from '@groeipad/core';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useFormState } from '../form-context';
import { calculationText } from '../form-formula';
import type { FieldProps } from './field-props';
import { ReadValue } from './read-value';

/**
 * A calculation field: never typed into; its expression (the stored value) is computed live from the
 * other values as they are edited, and shows the expression itself on any error (spec part 1 §5).
 */
export function CalculationFieldView({ field, value, error }: FieldProps<CalculationField>) {
  const { valuedFields } = useFormState();
  const expression = typeof value === 'string' ? value : '';
  const text = useMemo(
    () => calculationText(valuedFields, field.uuid, expression, new Date()),
    [valuedFields, field.uuid, expression],
  );
  return (
    <div data-testid="calculation">
      <ReadValue label={field.name} empty={text === ''}>
        <output>{text}</output>
      </ReadValue>
      {error ? (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
