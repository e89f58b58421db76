import { ActionIcon, Checkbox, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Direction } from './tree';
import type { Selection } from './use-selection';

interface ListToolsProps {
  selection: Selection;
  writable: boolean;
  onMove: (direction: Direction) => void;
  onDelete: () => void;
  /** Only the report editor duplicates (spec part 2 §2). */
  onDuplicate?: () => void;
}

function Tool({
  label,
  onClick,
  disabled,
  children,
  color,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
  color?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size={36}
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        c={disabled ? undefined : color}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The list tools of the editor toolbar: move up, move down, (duplicate,) delete the ticked rows. */
export function ListTools({ selection, writable, onMove, onDelete, onDuplicate }: ListToolsProps) {
  const { t } = useTranslation();
  const disabled = !writable || selection.count === 0;
  return (
    <>
      <Tool label={t('blueprintEditors.moveUp')} onClick={() => onMove('up')} disabled={disabled}>
        <IconArrowUp size={18} />
      </Tool>
      <Tool label={t('blueprintEditors.moveDown')} onClick={() => onMove('down')} disabled={disabled}>
        <IconArrowDown size={18} />
      </Tool>
      {onDuplicate ? (
        <Tool label={t('blueprintEditors.duplicate')} onClick={onDuplicate} disabled={disabled}>
          <IconCopy size={18} />
        </Tool>
      ) : null}
      <Tool label={t('blueprintEditors.delete')} onClick={onDelete} disabled={disabled} color="red.8">
        <IconTrash size={18} />
      </Tool>
    </>
  );
}

/** The select-all checkbox above a list (indeterminate when some rows are ticked). */
export function SelectAll({
  selection,
  disabled,
  label,
}: {
  selection: Selection;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      label={label ?? t('blueprintEditors.selectAll')}
      checked={selection.all}
      indeterminate={selection.some}
      onChange={(event) => selection.setAll(event.currentTarget.checked)}
      disabled={disabled}
    />
  );
}
