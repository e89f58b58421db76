import type { CalculationField, Field } from '@groeipad/core';
import { Alert, Code, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDraft } from '../use-draft';
import { useFieldBuilder } from './builder-context';
import { formulaErrorValues, formulaPreview } from './formula-preview';

/**
 * The expression of a calculation field with a live preview (spec part 2 §5, D21): evaluated as it is
 * typed against the form's own fields and their values in the blueprint. An error shows its message
 * and the raw expression, which is what a form shows in that case.
 */
export function FormulaEditor({ field }: { field: CalculationField }) {
  const { t } = useTranslation();
  const builder = useFieldBuilder();
  const { draft, setDraft, flush, reset } = useDraft(field.value ?? '', (text) =>
    builder.update(field.uuid, (current) => ({ ...current, value: text === '' ? null : text }) as Field),
  );
  const preview = formulaPreview(draft, builder.fields, field.uuid, new Date());
  const previewId = `formula-preview-${field.uuid}`;

  return (
    <Stack gap="xs">
      <TextInput
        label={t('blueprintEditors.formula.expression')}
        description={t('blueprintEditors.formula.hint')}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={() => {
          flush();
          reset();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') flush();
        }}
        disabled={!builder.writable}
        aria-describedby={previewId}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <div id={previewId} aria-live="polite">
        {preview.kind === 'value' ? (
          <Alert color="green" variant="light" p="xs" title={t('blueprintEditors.formula.preview')}>
            <Text size="sm" data-testid="formula-value">
              {preview.text}
            </Text>
          </Alert>
        ) : preview.kind === 'error' ? (
          <Alert color="orange" variant="light" p="xs" title={t('blueprintEditors.formula.invalid')}>
            <Text size="sm">
              {t(`blueprintEditors.formula.errors.${preview.error.code}`, {
                ...formulaErrorValues(preview.error),
                ...('type' in preview.error
                  ? { type: t(`blueprintEditors.fieldTypes.${preview.error.type}`) }
                  : {}),
              })}
            </Text>
            <Text size="sm" mt={4}>
              {t('blueprintEditors.formula.fallback')}{' '}
              <Code style={{ overflowWrap: 'anywhere' }}>{preview.fallback}</Code>
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t('blueprintEditors.formula.emptyPreview')}
          </Text>
        )}
      </div>
    </Stack>
  );
}
