import { ENTRY_PHOTOS_MAX } from '@groeipad/core';
import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageInputError, prepareImage } from '../../../lib/images/prepare-image';
import type { MentorPhoto } from '../mentor-entries';
import classes from './assessment.module.css';

/** A chosen photo, shown from the device before it is uploaded (an object URL, released when gone). */
function LocalPhoto({
  photo,
  alt,
  onRemove,
  removeLabel,
}: {
  photo: MentorPhoto;
  alt: string;
  onRemove: () => void;
  removeLabel: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(photo.file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo.file]);
  return (
    <Stack gap={2} align="flex-start">
      {url ? <img src={url} alt={alt} className={classes.photo} data-testid="mentor-photo" /> : null}
      <ActionIcon variant="subtle" color="gray.8" size={44} aria-label={removeLabel} onClick={onRemove}>
        <IconX size={18} />
      </ActionIcon>
    </Stack>
  );
}

interface Props {
  competence: string;
  photos: readonly MentorPhoto[];
  onChange: (photos: MentorPhoto[]) => void;
}

/**
 * Photos as evidence for one entry (issue 23): taken with the phone's camera or chosen from the device, a
 * .jpg or .png resized in the browser as every picture (spec part 1 §5: at most 2560 × 1440, compressed past
 * 10 MB), at most ENTRY_PHOTOS_MAX; kept with the entry until it is saved, also offline.
 */
export function PhotoPicker({ competence, photos, onChange }: Props) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    setBusy(true);
    try {
      const prepared = await prepareImage(file);
      onChange([...photos, { key: crypto.randomUUID(), file: prepared }]);
    } catch (caught) {
      const reason = caught instanceof ImageInputError ? caught.reason : 'unreadable';
      setProblem(t(reason === 'notAnImage' ? 'mentor.photo.notImage' : 'mentor.photo.unreadable'));
    } finally {
      setBusy(false);
    }
  };

  const full = photos.length >= ENTRY_PHOTOS_MAX;
  return (
    <Stack gap={6}>
      {photos.length > 0 ? (
        <Group gap="xs" align="flex-start">
          {photos.map((photo, index) => (
            <LocalPhoto
              key={photo.key}
              photo={photo}
              alt={t('mentor.photo.alt', { number: index + 1, competence })}
              removeLabel={t('mentor.photo.remove', { number: index + 1, competence })}
              onRemove={() => onChange(photos.filter((other) => other.key !== photo.key))}
            />
          ))}
        </Group>
      ) : null}
      {full ? (
        <Text size="sm" c="dark.4">
          {t('mentor.photo.max', { count: ENTRY_PHOTOS_MAX })}
        </Text>
      ) : (
        <FileButton onChange={(file) => void add(file)} accept="image/jpeg,image/png" capture="environment">
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="md"
              leftSection={<IconCamera size={20} />}
              loading={busy}
              aria-label={t('mentor.photo.addFor', { competence })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('mentor.photo.add')}
            </Button>
          )}
        </FileButton>
      )}
      {problem ? (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
