import { Group } from '@mantine/core';
import {
  IconFileTypePdf,
  IconLayoutGrid,
  IconPlus,
  IconRefresh,
  IconTableImport,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../../components/tool-button';

interface Props {
  wide: boolean;
  /** Rows are selected (generate extract and delete need a selection, spec part 1 §2). */
  hasSelection: boolean;
  deleting: boolean;
  onNew: () => void;
  /** New trajectories from a spreadsheet (issue 22). */
  onImport: () => void;
  onExtract: () => void;
  /** One workplace mentor for the selected students (issue 31). */
  onInviteMentor: () => void;
  onDelete: () => void;
  /** The selection to its blueprints' latest versions in one step (D10, D56). */
  onUpdate: () => void;
  /** The cohort grid (issue 22) of the selection, else of the list's groups or the rows shown. */
  onCohort: () => void;
}

/**
 * The list's toolbar (spec part 1 §2): new trajectory, new trajectories from a spreadsheet (issue 22),
 * generate extract, one workplace mentor for the selection (issue 31), the selection to its blueprints' latest
 * versions (D56) and delete. Only rows with METADATA can be selected (part 1 §6), so a selection is
 * always one the extract may be made of.
 */
export function TrajectoryToolbar({
  wide,
  hasSelection,
  deleting,
  onNew,
  onImport,
  onExtract,
  onInviteMentor,
  onDelete,
  onUpdate,
  onCohort,
}: Props) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap" role="toolbar" aria-label={t('trajectories.list.toolbar')}>
      <ToolButton
        wide={wide}
        primary
        label={t('trajectories.list.new')}
        icon={<IconPlus size={18} aria-hidden />}
        onClick={onNew}
      />
      <ToolButton
        wide={wide}
        label={t('trajectories.import.open')}
        icon={<IconTableImport size={18} aria-hidden />}
        onClick={onImport}
      />
      <ToolButton
        wide={wide}
        label={t('trajectories.cohort.title')}
        icon={<IconLayoutGrid size={18} aria-hidden />}
        onClick={onCohort}
      />
      <ToolButton
        wide={wide}
        label={t('extracts.create.open')}
        icon={<IconFileTypePdf size={18} aria-hidden />}
        disabled={!hasSelection}
        onClick={onExtract}
      />
      <ToolButton
        wide={wide}
        label={t('mentorInvite.open')}
        icon={<IconUserPlus size={18} aria-hidden />}
        disabled={!hasSelection}
        onClick={onInviteMentor}
      />
      <ToolButton
        wide={wide}
        label={t('cohortUpdate.open')}
        icon={<IconRefresh size={18} aria-hidden />}
        disabled={!hasSelection}
        onClick={onUpdate}
      />
      <ToolButton
        wide={wide}
        danger
        label={t('trajectories.list.delete')}
        icon={<IconTrash size={18} aria-hidden />}
        disabled={!hasSelection}
        loading={deleting}
        onClick={onDelete}
      />
    </Group>
  );
}
