import { EXTRACT_LEVELS, type ExtractBlueprintContent, type JsonValue, type Rgb } from '@groeipad/core';
import {
  Checkbox,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentEditorFrame } from '../../../../components/document-editor-frame';
import { fieldErrorTexts } from '../../../../lib/api-error';
import type { EditorFrameProps } from '../blueprint-editor-route';
import { CommitTextInput } from '../commit-input';
import rowClasses from '../tree-row.module.css';
import { LogoInput } from './logo-input';
import { ScoreColours } from './score-colours';

/** The content as the editor holds it: the level may be cleared (then saving is refused); pages are kept as they are. */
export type ExtractContent = Omit<ExtractBlueprintContent, 'level' | 'pages'> & {
  level: 3 | 4 | null;
  pages?: JsonValue[];
};

type TextKey = 'title' | 'subtitle' | 'addressLine1' | 'addressLine2' | 'studentNamePath';
const TEXTS: TextKey[] = ['title', 'subtitle', 'addressLine1', 'addressLine2', 'studentNamePath'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The extract blueprint editor (spec part 2 §2, D36): the page template (level 3 or 4, required), a
 * logo (D32), title, subtitle, two address lines, the student-name field path, show-achieved, show the
 * remarks (issue 21), the score chart and its variant, and the ten score colours. The server draws the PDF from these settings.
 */
export function ExtractEditor({ frame }: { frame: EditorFrameProps<ExtractContent> }) {
  const { t } = useTranslation();
  const { editor } = frame;
  const content = editor.document;
  const disabled = !editor.writable;
  const serverErrors = fieldErrorTexts(t, editor.saveError);
  const set = (patch: Partial<ExtractContent>) =>
    editor.change((draft) => {
      Object.assign(draft, patch);
    });
  const levelMissing = content?.level !== 3 && content?.level !== 4;

  return (
    <DocumentEditorFrame {...frame}>
      {content ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" className={rowClasses.readable}>
          <Section title={t('blueprintEditors.extract.template')}>
            <NativeSelect
              label={t('blueprintEditors.extract.level')}
              description={t('blueprintEditors.extract.levelHint')}
              required
              value={content.level === null ? '' : String(content.level)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                set({ level: value === '' ? null : (Number(value) as 3 | 4) });
              }}
              data={[
                { value: '', label: t('blueprintEditors.extract.chooseLevel') },
                ...EXTRACT_LEVELS.map((level) => ({
                  value: String(level),
                  label: t(`blueprintEditors.extract.levels.${level}`),
                })),
              ]}
              error={
                levelMissing
                  ? t('missingRequiredField', { field: t('blueprintEditors.extract.levelField') })
                  : undefined
              }
              disabled={disabled}
            />
            <Checkbox
              label={t('blueprintEditors.extract.showAchieved')}
              checked={content.showAchieved}
              onChange={(event) => set({ showAchieved: event.currentTarget.checked })}
              disabled={disabled}
            />
            <Checkbox
              label={t('blueprintEditors.extract.showRemarks')}
              description={t('blueprintEditors.extract.showRemarksHint')}
              // A blueprint stored before the setting existed shows the remarks (issue 21).
              checked={content.showRemarks !== false}
              onChange={(event) => set({ showRemarks: event.currentTarget.checked })}
              disabled={disabled}
            />
            <Checkbox
              label={t('blueprintEditors.extract.includeReports')}
              description={t('blueprintEditors.extract.includeReportsHint')}
              // A blueprint stored before the setting existed includes the reports (issue 31).
              checked={content.includeReports !== false}
              onChange={(event) => set({ includeReports: event.currentTarget.checked })}
              disabled={disabled}
            />
            <Checkbox
              label={t('blueprintEditors.extract.showScoreChart')}
              checked={content.showScoreChart}
              onChange={(event) => set({ showScoreChart: event.currentTarget.checked })}
              disabled={disabled}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="extract-chart-variant">
                {t('blueprintEditors.extract.chartVariant')}
              </Text>
              <SegmentedControl
                aria-labelledby="extract-chart-variant"
                value={content.chartVariant}
                onChange={(value) => set({ chartVariant: value as 'new' | 'old' })}
                data={[
                  { value: 'new', label: t('blueprintEditors.extract.chartNew') },
                  { value: 'old', label: t('blueprintEditors.extract.chartOld') },
                ]}
                disabled={disabled || !content.showScoreChart}
                fullWidth
                maw={320}
              />
            </Stack>
          </Section>
          <Section title={t('blueprintEditors.extract.logo')}>
            <LogoInput
              logo={content.logo}
              disabled={disabled}
              onChange={(logo) => set({ logo })}
              serverError={serverErrors.logo}
            />
          </Section>
          <Section title={t('blueprintEditors.extract.texts')}>
            {TEXTS.map((key) => (
              <CommitTextInput
                key={key}
                label={t(`blueprintEditors.extract.${key}`)}
                description={
                  key === 'studentNamePath' ? t('blueprintEditors.extract.studentNamePathHint') : undefined
                }
                value={content[key]}
                onCommit={(text) => set({ [key]: text.trim() })}
                error={serverErrors[key]}
                maxLength={255}
                disabled={disabled}
              />
            ))}
          </Section>
          <Section title={t('blueprintEditors.extract.colours')}>
            <ScoreColours
              colours={content.scoreColours}
              disabled={disabled}
              onChange={(index, colour: Rgb) =>
                editor.change((draft) => {
                  draft.scoreColours[index] = colour;
                })
              }
            />
          </Section>
        </SimpleGrid>
      ) : null}
    </DocumentEditorFrame>
  );
}
