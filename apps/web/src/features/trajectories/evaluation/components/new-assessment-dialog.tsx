import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompetenceChoice } from '../competence-choices';

interface Props {
  opened: boolean;
  choices: readonly CompetenceChoice[];
  onClose: () => void;
  /** The competence chosen: its assessment opens. */
  onChoose: (uuid: string) => void;
}

/**
 * "Nieuwe beoordeling" (issue 31): which competence to assess — then its assessment dialog opens, instead of
 * the whole page turning editable with no competence in hand. A search box over the competences shown.
 */
export function NewAssessmentDialog({ opened, choices, onClose, onChoose }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const data = useMemo(() => choices.map((choice) => ({ ...choice })), [choices]);
  const close = () => {
    setChosen(null);
    onClose();
  };
  const submit = () => {
    if (!chosen) return;
    setChosen(null);
    onChoose(chosen);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('trajectories.evaluation.create')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('trajectories.evaluation.chooseCompetenceHint')}</Text>
          <Select
            label={t('trajectories.evaluation.chooseCompetence')}
            data={data}
            value={chosen}
            onChange={setChosen}
            searchable
            data-autofocus
            nothingFoundMessage={t('common.nothingFound')}
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={280}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!chosen}>
              {t('trajectories.evaluation.addEntry')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
