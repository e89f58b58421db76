import { ActionIcon, Loader, Modal, Stack, UnstyledButton } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceUrl } from '../../../blueprints';
import classes from './image-field.module.css';

/**
 * A photo as its 200 px thumbnail (issue 21: the original, up to 2560 × 1440, is fetched only when asked
 * for); pressing it opens the original in a dialog.
 */
export function PhotoThumbnail({
  id,
  alt,
  onRemove,
}: {
  id: number;
  alt: string;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { url } = useResourceUrl(id, 'thumbnail');
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={2} align="flex-start">
      {url ? (
        <UnstyledButton onClick={() => setOpen(true)} aria-label={t('trajectories.form.openPhoto', { alt })}>
          <img src={url} alt={alt} className={classes.thumbnail} data-testid="thumbnail" />
        </UnstyledButton>
      ) : (
        <div className={classes.placeholder} aria-hidden="true" />
      )}
      {open ? <Original id={id} alt={alt} onClose={() => setOpen(false)} /> : null}
      {onRemove ? (
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size={36}
          aria-label={t('trajectories.form.removePhoto', { alt })}
          onClick={onRemove}
        >
          <IconX size={16} />
        </ActionIcon>
      ) : null}
    </Stack>
  );
}

/** The original photo, fetched when opened. */
function Original({ id, alt, onClose }: { id: number; alt: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { url } = useResourceUrl(id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={alt}
      size="auto"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {url ? (
        <img src={url} alt={alt} className={classes.original} data-testid="original-photo" />
      ) : (
        <Loader size="sm" aria-label={t('common.loading')} />
      )}
    </Modal>
  );
}
