import { type Criterion, codedName } from '@groeipad/core';
import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { richTextNodes, richTextPlain } from '../rich-text';
import { RichTextView } from './rich-text-view';

/**
 * The info dialog (spec part 1 §2): the competence's or cluster's description, and its labels. Every
 * competence has one; without a description it says so (the labels, when any, still show).
 */
export function InfoDialog({ criterion, onClose }: { criterion: Criterion; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('trajectories.evaluation.infoTitle', { name: codedName(criterion) })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <Stack gap="sm">
        {richTextPlain(richTextNodes(criterion.info)).trim() !== '' ? (
          <RichTextView html={criterion.info} />
        ) : (
          <Text size="sm" c="dark.5" data-testid="no-info">
            {t('trajectories.evaluation.noInfo')}
          </Text>
        )}
        {criterion.labels.length > 0 ? (
          <Group gap={4}>
            {criterion.labels.map((label) => (
              <Badge key={label} variant="light" color="gray" radius="sm" tt="none" size="sm">
                {label}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
