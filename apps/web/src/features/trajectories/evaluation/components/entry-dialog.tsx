import {
  codedName,
  displayDateToIso,
  EVALUATION_LOCATIONS,
  type Evaluation,
  type EvaluationCompetence,
  type EvaluationLocation,
  isoToDisplayDate,
  type PropertyChanges,
} from '@groeipad/core';
import { Button, Checkbox, Group, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../../components/day-input';
import { DialogCancel, GuardedModal } from '../../../../components/guarded-modal';
import {
  type EntryForm,
  entryChangesOf,
  entryFormOf,
  entryFormProblems,
  remarksTemplate,
  sameAsLatest,
} from '../entry-form';
import { scoreChoices } from '../score-scale';
import classes from './evaluation.module.css';

interface Props {
  competence: EvaluationCompetence;
  scale: Evaluation;
  /** yyyy-MM-dd: the edit date (D4). */
  editDate: string;
  /** Offer the agreed score (D55: only a writer whose role holds METADATA sets it). */
  mayAgree: boolean;
  onApply: (values: PropertyChanges) => void;
  onClose: () => void;
}

/**
 * A new evaluation entry for one competence (spec part 1 §3, §4 "Evaluation edits"; D2): it starts from
 * the latest entry, and applying it adds a new dated entry to the draft (saved with the header's Save).
 * A score without a date of its own is dated on the edit date (D4).
 */
export function EntryDialog({ competence, scale, editDate, mayAgree, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const template = useMemo(
    () =>
      remarksTemplate([
        t('trajectories.evaluation.template.goesWell'),
        t('trajectories.evaluation.template.toGrow'),
        t('trajectories.evaluation.template.agreements'),
      ]),
    [t],
  );
  const latest = competence.latestProperties;
  const [form, setForm] = useState<EntryForm>(() => entryFormOf(latest, template));
  const [dateTouched, setDateTouched] = useState(false);
  const problems = entryFormProblems(form);
  const unchanged = sameAsLatest(latest, form, template);
  const set = <K extends keyof EntryForm>(key: K, value: EntryForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const choices = scoreChoices(scale);
  const editDay = isoToDisplayDate(editDate) ?? '';

  const dateInput = (key: 'date' | 'planned_date', label: string, description?: string) => (
    <DayInput
      label={label}
      description={description}
      value={displayDateToIso(form[key])}
      onChange={(iso) => {
        if (key === 'date') setDateTouched(true);
        set(key, iso ? (isoToDisplayDate(iso) ?? '') : '');
      }}
      placeholder={t('trajectories.evaluation.datePlaceholder')}
      clearable
      clearButtonProps={{ 'aria-label': t('trajectories.evaluation.clearDate', { name: label }) }}
      error={problems[key] ? t('trajectories.evaluation.invalidDate') : undefined}
      popoverProps={{ withinPortal: true }}
    />
  );

  return (
    <GuardedModal
      opened
      dirty={!unchanged}
      onClose={onClose}
      title={t('trajectories.evaluation.entryTitle', { name: codedName(competence) })}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (unchanged || Object.keys(problems).length > 0) return;
          onApply(entryChangesOf(form, template));
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dark.5">
            {t('trajectories.evaluation.entryIntro')}
          </Text>
          <Radio.Group
            label={t('trajectories.evaluation.properties.score')}
            value={form.score}
            onChange={(score) => {
              set('score', score);
              // A new score is dated on the edit date unless the user chose a date themselves (D4).
              if (!dateTouched) set('date', '');
            }}
          >
            <Stack gap={6} mt={6}>
              {choices.map((choice) => (
                <Radio.Card
                  key={choice.score}
                  value={String(choice.score)}
                  radius="md"
                  p="xs"
                  aria-label={t('trajectories.evaluation.scoreChip', {
                    score: choice.score,
                    name: choice.name,
                  })}
                >
                  <Group wrap="nowrap" gap="sm" align="flex-start">
                    <Radio.Indicator mt={2} />
                    <span
                      className={classes.swatch}
                      style={{ background: choice.colour, width: 20, height: 20, marginTop: 1 }}
                      aria-hidden
                    />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} className={classes.name}>
                        {t('trajectories.evaluation.scoreChip', { score: choice.score, name: choice.name })}
                      </Text>
                      {choice.description ? (
                        <Text size="xs" c="dark.5" className={classes.name}>
                          {choice.description}
                        </Text>
                      ) : null}
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
              <Radio.Card value="" radius="md" p="xs" aria-label={t('trajectories.evaluation.noScore')}>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <Text size="sm">{t('trajectories.evaluation.noScore')}</Text>
                </Group>
              </Radio.Card>
            </Stack>
          </Radio.Group>
          {/* Issue 23: the score agreed on; what a trajectory that counts only agreed scores counts. D55: only
              for a writer whose role holds METADATA (the server drops anyone else's mark). */}
          {mayAgree ? (
            <Checkbox
              label={t('trajectories.evaluation.raters.agreed')}
              description={t('trajectories.evaluation.raters.agreedHint')}
              checked={form.agreed}
              onChange={(event) => set('agreed', event.currentTarget.checked)}
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {dateInput(
              'date',
              t('trajectories.evaluation.properties.date'),
              t('trajectories.evaluation.dateHint', { date: editDay }),
            )}
            {dateInput('planned_date', t('trajectories.evaluation.properties.planned_date'))}
          </SimpleGrid>
          <Checkbox.Group
            label={t('trajectories.evaluation.properties.location')}
            value={[...form.location]}
            onChange={(values) => set('location', values as EvaluationLocation[])}
          >
            <Group gap="md" mt={6}>
              {EVALUATION_LOCATIONS.map((location) => (
                <Checkbox
                  key={location}
                  value={location}
                  label={t(`trajectories.evaluation.locations.${location}`)}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Radio.Group
            label={t('trajectories.evaluation.properties.achieved')}
            value={form.achieved}
            onChange={(value) => set('achieved', value as EntryForm['achieved'])}
          >
            <Group gap="md" mt={6}>
              <Radio value="true" label={t('trajectories.evaluation.yes')} />
              <Radio value="false" label={t('trajectories.evaluation.no')} />
              <Radio value="" label={t('trajectories.evaluation.notSaid')} />
            </Group>
          </Radio.Group>
          <TextInput
            label={t('trajectories.evaluation.properties.offered')}
            description={t('trajectories.evaluation.propertyHints.offered')}
            value={form.offered}
            onChange={(event) => set('offered', event.currentTarget.value)}
            maxLength={255}
          />
          <Textarea
            label={t('trajectories.evaluation.properties.info')}
            description={t('trajectories.evaluation.propertyHints.info')}
            value={form.info}
            onChange={(event) => set('info', event.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Textarea
            label={t('trajectories.evaluation.properties.remarks')}
            description={t('trajectories.evaluation.propertyHints.remarks')}
            value={form.remarks}
            onChange={(event) => set('remarks', event.currentTarget.value)}
            autosize
            minRows={7}
          />
          {unchanged ? (
            <Text size="sm" c="dark.5">
              {t('trajectories.evaluation.unchanged')}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <DialogCancel />
            <Button
              type="submit"
              disabled={unchanged || Object.keys(problems).length > 0}
              // Ctrl+S in the dialog applies what was entered (lib/save-shortcut.ts).
              data-save-shortcut
              aria-keyshortcuts="Control+S Meta+S"
            >
              {t('trajectories.evaluation.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
