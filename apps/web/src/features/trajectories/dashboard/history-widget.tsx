import type { DashboardWidgetView } from '@groeipad/core';
import { Box, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  entryScore,
  filterByCompetence,
  formatEntryMoment,
  HISTORY_PAGE,
  type ScaleScore,
} from './history-list';
import { textColourOn } from './score-figures';

type HistoryWidgetView = Extract<DashboardWidgetView, { type: 'evaluation_history' }>;

interface Props {
  widget: HistoryWidgetView;
  /** The evaluation's scale, for the score names and colours; null while it is not known. */
  scale: readonly ScaleScore[] | null;
  /** The header's filter box: only competences whose name holds it. */
  filter: string;
}

/** A score as a chip in the scale's colour, with text that reads on it. */
function ScoreChip({ score }: { score: ScaleScore | null }) {
  const { t } = useTranslation();
  if (!score)
    return (
      <Text
        span
        size="xs"
        c="dark.5"
        px={8}
        py={2}
        style={{ border: '1px solid var(--mantine-color-gray-5)', borderRadius: 999 }}
      >
        {t('trajectories.dashboard.noScore')}
      </Text>
    );
  return (
    <Text
      span
      size="xs"
      fw={600}
      px={10}
      py={2}
      data-score={score.score}
      style={{
        background: score.colour,
        color: textColourOn(score.colour),
        borderRadius: 999,
        whiteSpace: 'nowrap',
      }}
    >
      {score.name}
    </Text>
  );
}

/**
 * One evaluation_history widget (spec part 1 §2): every dated entry, newest first — when it was
 * entered (dd/MM/yyyy HH:mm), the competence, who gave it (their name and role) and the score — the
 * first ten, then ten more at a time.
 */
export function HistoryWidget({ widget, scale, filter }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(HISTORY_PAGE);
  const entries = useMemo(() => filterByCompetence(widget.entries ?? [], filter), [widget.entries, filter]);
  const visible = entries.slice(0, shown);
  const more = entries.length - visible.length;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={widget.name}
      data-widget={widget.uuid}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="xl" variant="light" color="green" aria-hidden>
            <IconHistory size={20} />
          </ThemeIcon>
          <Box miw={0}>
            <Title order={2} size="h4">
              {widget.name}
            </Title>
            <Text size="sm" c="dark.5">
              {t('trajectories.dashboard.historyHow')}
            </Text>
          </Box>
        </Group>
        {(widget.entries ?? []).length === 0 ? (
          <Text c="dark.5" data-testid="history-empty">
            {t('trajectories.dashboard.historyEmpty')}
          </Text>
        ) : entries.length === 0 ? (
          <Text c="dark.5">{t('trajectories.dashboard.historyNoMatch', { filter: filter.trim() })}</Text>
        ) : (
          <>
            <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="history-list">
              {visible.map((entry) => (
                <Box
                  component="li"
                  key={`${entry.competenceUuid}-${entry.timestamp}`}
                  py={8}
                  style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
                >
                  <Group gap="xs" justify="space-between" wrap="wrap" align="center">
                    <Box miw={0} style={{ flex: '1 1 16rem' }}>
                      {/* The assessment date first, then when it was written (D47). */}
                      <Text size="xs" c="dark.5">
                        {entry.values?.date
                          ? `${t('trajectories.dashboard.assessedOn', { date: entry.values.date })} · `
                          : null}
                        <time dateTime={entry.timestamp}>
                          {t('trajectories.dashboard.writtenOn', {
                            when: formatEntryMoment(entry.timestamp),
                          })}
                        </time>
                      </Text>
                      <Text size="sm" fw={500}>
                        {entry.competenceName}
                      </Text>
                      {/* Who gave it (issue 23, several raters): entries written before carry no rater. */}
                      {entry.values?.rater ? (
                        <Text size="xs" c="dark.5" data-testid="history-rater">
                          {t('trajectories.dashboard.ratedBy', {
                            name: entry.values.rater.name,
                            role: entry.values.rater.role,
                          })}
                        </Text>
                      ) : null}
                    </Box>
                    <ScoreChip score={entryScore(entry.values, scale)} />
                  </Group>
                </Box>
              ))}
            </Box>
            <Group gap="sm" justify="space-between" wrap="wrap">
              <Text size="sm" c="dark.5" role="status" aria-live="polite">
                {t('trajectories.dashboard.historyShown', { shown: visible.length, count: entries.length })}
              </Text>
              {more > 0 ? (
                <Button variant="light" size="xs" onClick={() => setShown((count) => count + HISTORY_PAGE)}>
                  {t('trajectories.dashboard.showMore', { count: Math.min(more, HISTORY_PAGE) })}
                </Button>
              ) : null}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
