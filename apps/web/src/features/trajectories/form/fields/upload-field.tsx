import { UPLOAD_MAX_SIZE_LABEL, type UploadField } from '@groeipad/core';
import { ActionIcon, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../../components/failure-alert';
import { useFileUpload, useResource } from '../../../blueprints';
import { uploadIds } from '../field-values';
import type { FieldProps } from './field-props';
import { ReadValue } from './read-value';
import { ResourceLink } from './resource-link';

/**
 * An upload field: files as download links; while editing, add files (at most 10 MiB each, checked
 * here before sending: fileMaxSize with size 10MiB) and remove them.
 */
export function UploadFieldInput({ field, value, editable, error, onChange }: FieldProps<UploadField>) {
  const { t } = useTranslation();
  const ids = uploadIds(value);
  const labelId = `upload-${field.uuid}`;
  const {
    upload: add,
    uploading,
    failure,
    resetRef,
  } = useFileUpload((resource) => onChange([...ids, resource.id]));

  if (!editable)
    return (
      <ReadValue label={field.name} empty={ids.length === 0}>
        <Stack gap={4}>
          {ids.map((id) => (
            <ResourceLink key={id} id={id} />
          ))}
        </Stack>
      </ReadValue>
    );

  return (
    <Input.Wrapper
      label={field.name}
      labelProps={{ id: labelId }}
      withAsterisk={field.required}
      error={error}
      data-testid="upload-field"
    >
      <Stack gap={6} mt={4}>
        {ids.map((id) => (
          <UploadedFile
            key={id}
            id={id}
            onRemove={() => onChange(ids.length === 1 ? null : ids.filter((other) => other !== id))}
          />
        ))}
        <FileButton onChange={(file) => void add(file)} resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden="true" />}
              loading={uploading}
              aria-label={t('trajectories.form.addFileTo', { name: field.name })}
              w="fit-content"
            >
              {t('trajectories.form.addFile')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="gray.7">
          {t('trajectories.form.fileLimit', { size: UPLOAD_MAX_SIZE_LABEL })}
        </Text>
        <FailureAlert title={t('trajectories.form.fileFailed')} message={failure} />
      </Stack>
    </Input.Wrapper>
  );
}

function UploadedFile({ id, onRemove }: { id: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const resource = useResource(id);
  const name = resource.data?.name ?? t('trajectories.form.file', { id });
  return (
    <Group gap={4} wrap="nowrap" justify="space-between" maw="100%">
      <ResourceLink id={id} />
      <ActionIcon
        variant="subtle"
        color="gray.8"
        size={36}
        aria-label={t('trajectories.form.removeFile', { name })}
        onClick={onRemove}
      >
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}
