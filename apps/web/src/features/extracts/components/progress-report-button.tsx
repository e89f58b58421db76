import type { ExtractListEntry } from '@groeipad/core';
import { Anchor, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/api-error';
import { notifyApiFailure } from '../../../lib/notify';
import { useRetryExtract } from '../api/use-extract-actions';
import { useExtractList } from '../api/use-extract-list';
import { useMakeProgressReport, useProgressReportOptions } from '../api/use-progress-report';
import { ExtractTitle } from './extract-table';

interface Props {
  trajectoryId: number;
  /** A smaller button where space is short (a toolbar). */
  size?: 'sm' | 'md';
}

/**
 * "Voortgangsrapport maken" (issue 31): the trajectory's progress report in one click, with what the
 * server says one click uses (the organisation's default extract blueprint, the only one the user may
 * read, or the built-in standard); a choice only among several without a default. The dialog then shows
 * the report being made and its download once ready, as the extract list shows it (ExtractTitle). Offer
 * it only where the trajectory's abilities say `extract` (the server's judgement).
 */
export function MakeProgressReportButton({ trajectoryId, size = 'sm' }: Props) {
  const { t } = useTranslation();
  const options = useProgressReportOptions();
  const make = useMakeProgressReport();
  const [choosing, setChoosing] = useState(false);
  const [made, setMade] = useState<ExtractListEntry | null>(null);

  const start = (extract?: number) =>
    make.mutate(
      extract === undefined ? { trajectory: trajectoryId } : { trajectory: trajectoryId, extract },
      {
        onSuccess: (entry) => {
          setChoosing(false);
          setMade(entry);
        },
        onError: (error) => notifyApiFailure(t, t('progressReport.failed'), error),
      },
    );
  const click = () => {
    if (options.data && options.data.oneClick === null) setChoosing(true);
    else start();
  };

  return (
    <>
      <Button
        variant="default"
        size={size}
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        onClick={click}
        loading={make.isPending && !choosing}
        disabled={options.isPending}
        data-testid="make-progress-report"
      >
        {t('progressReport.make')}
      </Button>
      {choosing && options.data ? (
        <ChooseDialog
          choices={options.data.choices}
          pending={make.isPending}
          error={make.error ? errorText(t, make.error, 'progressReport.failed') : null}
          onChoose={start}
          onClose={() => {
            setChoosing(false);
            make.reset();
          }}
        />
      ) : null}
      {made ? <MadeDialog made={made} onClose={() => setMade(null)} /> : null}
    </>
  );
}

/** Several extract blueprints and none the default: the user picks one (the first is preselected). */
function ChooseDialog({
  choices,
  pending,
  error,
  onChoose,
  onClose,
}: {
  choices: readonly { id: number; name: string }[];
  pending: boolean;
  error: string | null;
  onChoose: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(String(choices[0]?.id ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onChoose(Number(chosen));
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('progressReport.chooseTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <Radio.Group
            value={chosen}
            onChange={setChosen}
            label={t('progressReport.chooseLabel')}
            description={t('progressReport.chooseHint')}
          >
            <Stack gap="xs" mt="xs">
              {choices.map((choice) => (
                <Radio key={choice.id} value={String(choice.id)} label={choice.name} />
              ))}
            </Stack>
          </Radio.Group>
          {error ? (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('progressReport.makeChosen')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The progress report just asked for: its state as the extract list polls it (queued, being made with
 * its progress, failed with a retry) and its download once READY; a link to all progress reports.
 */
function MadeDialog({ made, onClose }: { made: ExtractListEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useExtractList({ status: 'ACTIVE' });
  const retry = useRetryExtract();
  const current = list.data?.find((entry) => entry.id === made.id) ?? made;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('progressReport.madeTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">
          {current.state === 'READY'
            ? t('progressReport.ready', { trajectory: current.trajectoryName })
            : t('progressReport.making', { trajectory: current.trajectoryName })}
        </Text>
        <div aria-live="polite" data-testid="progress-report-made">
          <ExtractTitle
            extract={current}
            retrying={retry.isPending}
            onRetry={() =>
              retry.mutate(current, {
                onError: (error) => notifyApiFailure(t, t('extracts.retryError'), error),
              })
            }
          />
        </div>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Anchor component={Link} to="/extracts" size="sm">
            {t('progressReport.toList')}
          </Anchor>
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
