import { type Evaluation, type PropertyChanges, walkCriteria } from '@groeipad/core';
import { useMemo } from 'react';
import { EntryDialog } from './entry-dialog';
import { HistoryDialog } from './history-dialog';
import { InfoDialog } from './info-dialog';

/** Which dialog is open, for which criterion. */
export interface DialogTarget {
  kind: 'entry' | 'history' | 'info';
  uuid: string;
}

interface Props {
  target: DialogTarget | null;
  onClose: () => void;
  /** The whole evaluation (not the filtered view: edits start from every entry). */
  evaluation: Evaluation;
  editable: boolean;
  /** The agreed score may be ticked (D55). */
  mayAgree: boolean;
  unsaved: ReadonlySet<string>;
  editDate: string;
  onAdd: (uuid: string, values: PropertyChanges) => void;
  onDelete: (uuid: string, timestamp: string) => void;
}

/** The entry, history and info dialogs of one competence (or a cluster's info). */
export function CompetenceDialogs({
  target,
  onClose,
  evaluation,
  editable,
  mayAgree,
  unsaved,
  editDate,
  onAdd,
  onDelete,
}: Props) {
  const criterion = useMemo(() => {
    if (!target) return null;
    for (const visit of walkCriteria(evaluation.criteria))
      if (visit.criterion.uuid === target.uuid) return visit.criterion;
    return null;
  }, [target, evaluation.criteria]);
  if (!target || !criterion) return null;
  if (target.kind === 'info') return <InfoDialog criterion={criterion} onClose={onClose} />;
  if (criterion.type !== 'competence') return null;
  if (target.kind === 'history')
    return (
      <HistoryDialog
        competence={criterion}
        scale={evaluation}
        deletable={editable}
        unsaved={unsaved}
        onDelete={(timestamp) => onDelete(criterion.uuid, timestamp)}
        onClose={onClose}
      />
    );
  if (!editable) return null;
  return (
    <EntryDialog
      competence={criterion}
      scale={evaluation}
      editDate={editDate}
      mayAgree={mayAgree}
      onApply={(values) => {
        onAdd(criterion.uuid, values);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
