import { Button, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

/** The Undo and Redo buttons of an editor's toolbar, with their keyboard hints. */
export function UndoRedoButtons({ onUndo, onRedo, canUndo, canRedo }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip label={t('editor.undoHint')}>
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={18} />}
          onClick={onUndo}
          disabled={!canUndo}
        >
          {t('editor.undo')}
        </Button>
      </Tooltip>
      <Tooltip label={t('editor.redoHint')}>
        <Button
          variant="default"
          leftSection={<IconArrowForwardUp size={18} />}
          onClick={onRedo}
          disabled={!canRedo}
        >
          {t('editor.redo')}
        </Button>
      </Tooltip>
    </>
  );
}
