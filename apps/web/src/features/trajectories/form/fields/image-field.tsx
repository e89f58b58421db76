import {
  IMAGE_ACCEPT,
  type ImageField,
  isAcceptedImageName,
  isUploadSizeAllowed,
  parseImageValue,
  serialiseImageValue,
  UPLOAD_MAX_SIZE_LABEL,
} from '@groeipad/core';
import { Button, FileButton, Group, Input, Portal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconPhotoPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../../components/failure-alert';
import { errorText } from '../../../../lib/api-error';
import { ImageInputError, prepareImage } from '../../../../lib/images/prepare-image';
import { uploadResource } from '../../../blueprints';
import type { FieldProps } from './field-props';
import classes from './image-field.module.css';
import { PhotoThumbnail } from './photo-thumbnail';
import { ReadValue } from './read-value';

/** How long the white flash after taking a picture lasts (spec part 1 §9). */
export const FLASH_MS = 600;

/**
 * An image field: thumbnails (200 px) of its pictures; while editing, choose a .jpg, .jpeg or .png,
 * or on a phone take a photo with the camera (a white flash; cameraFailure when it fails). Pictures are
 * resized in the browser to at most 2560×1440 and compressed when over 10 MB before upload.
 */
export function ImageFieldInput({ field, value, editable, error, onChange }: FieldProps<ImageField>) {
  const { t } = useTranslation();
  const ids = parseImageValue(typeof value === 'string' ? value : null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [flash, setFlash] = useState(0);
  const resetRef = useRef<() => void>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  // A phone (narrow screen or a finger as pointer) gets the camera button.
  const phone = useMediaQuery('(max-width: 48em), (pointer: coarse)', false, {
    getInitialValueInEffect: false,
  });

  useEffect(() => {
    if (flash === 0) return;
    const timer = setTimeout(() => setFlash(0), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const setIds = (next: number[]) => onChange(next.length === 0 ? null : serialiseImageValue(next));

  const thumbnails = (
    <Group gap="sm" align="flex-start" wrap="wrap">
      {ids.map((id, index) => (
        <PhotoThumbnail
          key={id}
          id={id}
          alt={t('trajectories.form.photoAlt', { name: field.name, index: index + 1 })}
          onRemove={editable ? () => setIds(ids.filter((other) => other !== id)) : undefined}
        />
      ))}
    </Group>
  );

  if (!editable)
    return (
      <ReadValue label={field.name} empty={ids.length === 0}>
        {thumbnails}
      </ReadValue>
    );

  const add = async (file: File | null, fromCamera: boolean) => {
    if (!file) return;
    setFailure(null);
    if (!fromCamera && !isAcceptedImageName(file.name)) {
      setFailure(t('trajectories.form.imageTypes'));
      return;
    }
    setBusy(true);
    try {
      const prepared = await prepareImage(file);
      if (!isUploadSizeAllowed(prepared.size)) {
        setFailure(t('fileMaxSize', { size: UPLOAD_MAX_SIZE_LABEL }));
        return;
      }
      const resource = await uploadResource(prepared);
      setIds([...ids, resource.id]);
    } catch (caught) {
      if (fromCamera && caught instanceof ImageInputError) setFailure(t('cameraFailure'));
      else if (caught instanceof ImageInputError) setFailure(t('trajectories.form.notAnImage'));
      else setFailure(errorText(t, caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper label={field.name} withAsterisk={field.required} error={error} data-testid="image-field">
      <Stack gap={6} mt={4}>
        {thumbnails}
        <Group gap="xs" wrap="wrap">
          <FileButton
            accept={IMAGE_ACCEPT}
            resetRef={resetRef}
            onChange={(file) => {
              resetRef.current?.();
              void add(file, false);
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhotoPlus size={16} aria-hidden="true" />}
                loading={busy}
                aria-label={t('trajectories.form.choosePhotoFor', { name: field.name })}
              >
                {t('trajectories.form.choosePhoto')}
              </Button>
            )}
          </FileButton>
          {phone ? (
            <>
              <input
                ref={cameraRef}
                className={classes.cameraInput}
                type="file"
                accept="image/*"
                capture="environment"
                aria-label={t('trajectories.form.takePhotoFor', { name: field.name })}
                data-testid="camera-input"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0] ?? null;
                  event.currentTarget.value = '';
                  if (!file) return;
                  setFlash((count) => count + 1);
                  void add(file, true);
                }}
              />
              <Button
                variant="light"
                leftSection={<IconCamera size={16} aria-hidden="true" />}
                loading={busy}
                onClick={() => {
                  try {
                    cameraRef.current?.click();
                  } catch {
                    setFailure(t('cameraFailure'));
                  }
                }}
                aria-label={t('trajectories.form.takePhotoFor', { name: field.name })}
              >
                {t('trajectories.form.takePhoto')}
              </Button>
            </>
          ) : null}
        </Group>
        <FailureAlert title={t('trajectories.form.photoFailed')} message={failure} />
      </Stack>
      {flash > 0 ? (
        <Portal>
          <div key={flash} className={classes.flash} data-testid="camera-flash" aria-hidden="true" />
        </Portal>
      ) : null}
    </Input.Wrapper>
  );
}
