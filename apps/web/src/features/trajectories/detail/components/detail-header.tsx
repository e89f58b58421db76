import { ActionIcon, Button, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MakeProgressReportButton } from '../../../extracts';
import type { HeaderDraft, HeaderProblems } from '../edit-rules';
import classes from './detail-header.module.css';

interface Props {
  name: string;
  draft: HeaderDraft;
  problems: HeaderProblems;
  onDraft: (draft: HeaderDraft) => void;
  /** The title is an input (editing with METADATA). */
  titleEditable: boolean;
  editing: boolean;
  /** The Edit button is offered (spec part 1 §6). */
  mayEdit: boolean;
  onEdit: () => void;
  /** "Praktijkopleider uitnodigen" is offered (the server's inviteMentor ability, issue 31). */
  mayInviteMentor: boolean;
  onInviteMentor: () => void;
  filter: string;
  onFilter: (filter: string) => void;
  trajectoryId: number;
  /** "Voortgangsrapport maken" is offered (the trajectory's abilities.progressReport, issue 31). */
  mayExtract: boolean;
}

/**
 * The detail header (spec part 1 §2): exit to /trajectories, the title (editable with METADATA while
 * editing), Edit (Save and Cancel are in the save bar), "Praktijkopleider uitnodigen" and "Voortgangsrapport
 * maken" (issue 31) and the
 * filter box the sections read. The print view keeps the title.
 */
export function DetailHeader(props: Props) {
  const { t } = useTranslation();
  const { draft, problems, editing } = props;
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Tooltip label={t('trajectories.detail.exit')}>
          <ActionIcon
            component={Link}
            to="/trajectories"
            variant="default"
            size="lg"
            mt={4}
            aria-label={t('trajectories.detail.exit')}
            className={classes.noPrint}
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
        </Tooltip>
        {editing && props.titleEditable ? (
          <TextInput
            label={t('trajectories.detail.titleLabel')}
            value={draft.name}
            onChange={(event) => props.onDraft({ ...draft, name: event.currentTarget.value })}
            error={problems.name ? t(`messages.${problems.name}`) : undefined}
            required
            style={{ flex: 1, minWidth: 0 }}
            size="md"
          />
        ) : (
          <Title order={1} size="h2" className={classes.title} mt={4}>
            {props.name}
          </Title>
        )}
      </Group>
      {/* While editing, Save and Cancel are in the save bar that stays in view (save-bar.tsx). */}
      {editing ? null : (
        <Group
          gap={6}
          wrap="wrap"
          className={classes.noPrint}
          role="toolbar"
          aria-label={t('trajectories.detail.toolbar')}
        >
          {props.mayEdit ? (
            <Button leftSection={<IconPencil size={18} />} onClick={props.onEdit}>
              {t('trajectories.detail.edit')}
            </Button>
          ) : null}
          {props.mayInviteMentor ? (
            <Button variant="default" leftSection={<IconUserPlus size={18} />} onClick={props.onInviteMentor}>
              {t('mentorInvite.open')}
            </Button>
          ) : null}
          {props.mayExtract ? <MakeProgressReportButton trajectoryId={props.trajectoryId} /> : null}
        </Group>
      )}
      <TextInput
        className={classes.noPrint}
        aria-label={t('trajectories.detail.filter')}
        placeholder={t('trajectories.detail.filterPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={props.filter}
        onChange={(event) => props.onFilter(event.currentTarget.value)}
        // The filter is no edit: Ctrl+Z in it stays the field's own (lib/use-undo-redo-keys.ts).
        data-own-undo
        type="search"
        w="100%"
        maw={{ base: '100%', sm: 360 }}
      />
    </Group>
  );
}
