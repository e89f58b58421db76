import { ActionIcon, Button, FileButton, Group, Text, Tooltip } from '@mantine/core';
import { IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../../components/failure-alert';
import { useFileUpload } from '../../api/use-file-upload';
import { useResource } from '../../api/use-resource';

interface Props {
  option: string;
  attachments: readonly number[];
  disabled: boolean;
  onChange: (attachments: number[]) => void;
}

/**
 * The attachments of a select option: their file names, a remove button each, and an upload (a new
 * resource, then its content; at most 10 MiB, checked here before sending and by the server again).
 */
export function OptionAttachments({ option, attachments, disabled, onChange }: Props) {
  const { t } = useTranslation();

  const { upload, uploading, failure, resetRef } = useFileUpload((resource) =>
    onChange([...attachments, resource.id]),
  );

  return (
    <>
      <Group gap={6} wrap="wrap">
        {attachments.map((id) => (
          <Attachment
            key={id}
            id={id}
            disabled={disabled}
            onRemove={() => onChange(attachments.filter((other) => other !== id))}
          />
        ))}
        {!disabled ? (
          <FileButton onChange={(file) => void upload(file)} resetRef={resetRef}>
            {(props) => (
              <Button
                {...props}
                size="compact-sm"
                variant="subtle"
                leftSection={<IconUpload size={14} />}
                loading={uploading}
                aria-label={t('blueprintEditors.options.attachTo', { option })}
              >
                {t('blueprintEditors.options.attach')}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Group>
      <FailureAlert title={t('blueprintEditors.options.attachFailed')} message={failure} />
    </>
  );
}

function Attachment({ id, disabled, onRemove }: { id: number; disabled: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  const resource = useResource(id);
  const name = resource.data?.name ?? t('blueprintEditors.options.file', { id });
  return (
    <Group gap={4} wrap="nowrap" maw="100%" data-testid="attachment">
      <IconPaperclip size={14} aria-hidden="true" />
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      {!disabled ? (
        <Tooltip label={t('blueprintEditors.options.removeAttachment', { name })}>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size={28}
            aria-label={t('blueprintEditors.options.removeAttachment', { name })}
            onClick={onRemove}
          >
            <IconX size={14} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
