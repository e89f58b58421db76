import { Anchor, Group, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/api-error';
import { useResource } from '../../../blueprints';
import { downloadResource } from '../api/download-resource';

/** The name of a file (upload or option attachment) as a link that downloads it. */
export function ResourceLink({ id }: { id: number }) {
  const { t } = useTranslation();
  const resource = useResource(id);
  const [failure, setFailure] = useState<string | null>(null);
  const name = resource.data?.name ?? t('trajectories.form.file', { id });
  return (
    <Group gap={4} wrap="nowrap" maw="100%" data-testid="resource-link">
      <IconPaperclip size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
      <Anchor
        component="button"
        type="button"
        size="sm"
        style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
        onClick={() => {
          setFailure(null);
          downloadResource(id, name).catch((error: unknown) => setFailure(errorText(t, error)));
        }}
      >
        {name}
      </Anchor>
      {failure ? (
        <Text size="xs" c="red.8" role="alert">
          {failure}
        </Text>
      ) : null}
    </Group>
  );
}
