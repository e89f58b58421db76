import type { TrashItem } from '@groeipad/core';
import { Badge, Checkbox, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { valueLabel } from '../../../lib/value-label';
import { deletedOn, selectAllState, typeLabel } from '../trash-rows';

interface Props {
  items: readonly TrashItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  /** A table from tablet width; a list of cards on a phone (no sideways scrolling). */
  wide: boolean;
}

function useLabels() {
  const { t } = useTranslation();
  return {
    type: (item: TrashItem) => {
      const label = typeLabel(item);
      if (label.blueprintType === undefined) return t(label.key);
      return t(label.key, { type: valueLabel(t, label.blueprintType, item.type) });
    },
    by: (item: TrashItem) => item.statusModifiedByEmail ?? t('trash.unknownUser'),
  };
}

/** A row's box: a checkbox where the user is admin (D13), otherwise a lock saying why there is none. */
function RowBox({ item, checked, onToggle }: { item: TrashItem; checked: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  if (!item.admin)
    return (
      <Group gap={0} c="dark.3" data-testid="trash-not-admin">
        <IconLock size={16} aria-hidden />
        <VisuallyHidden>{t('trash.notAdmin', { name: item.name })}</VisuallyHidden>
      </Group>
    );
  return (
    <Checkbox aria-label={t('trash.select', { name: item.name })} checked={checked} onChange={onToggle} />
  );
}

/** The deleted trajectories and blueprints with type, name, when and by whom (spec part 2 §2, §3). */
export function TrashTable({ items, selected, onToggle, onToggleAll, wide }: Props) {
  const { t } = useTranslation();
  const labels = useLabels();
  const all = selectAllState(items, selected);
  const noneSelectable = !items.some((item) => item.admin);
  const selectAll = (label?: string) => (
    <Checkbox
      aria-label={t('trash.selectAll')}
      label={label}
      checked={all === 'all'}
      indeterminate={all === 'some'}
      disabled={noneSelectable}
      onChange={onToggleAll}
    />
  );

  if (!wide) {
    return (
      <Stack gap="xs">
        <Group px="sm">{selectAll(t('trash.selectAllShort'))}</Group>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('nav.trash')}>
          {items.map((item) => (
            <Paper
              component="li"
              key={item.id}
              withBorder
              radius="md"
              p="sm"
              bg={selected.has(item.id) ? 'green.0' : undefined}
              data-testid="trash-row"
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <div style={{ paddingTop: 2 }}>
                  <RowBox item={item} checked={selected.has(item.id)} onToggle={() => onToggle(item.id)} />
                </div>
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.name}
                  </Text>
                  <Group gap={6}>
                    <Badge size="sm" variant="light" color="gray">
                      {labels.type(item)}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dark.5" style={{ overflowWrap: 'anywhere' }}>
                    {t('trash.deletedLine', { on: deletedOn(item.statusModifiedOn), by: labels.by(item) })}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={t('nav.trash')}>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w={44}>{selectAll()}</Table.Th>
            <Table.Th w={210}>{t('trash.columns.type')}</Table.Th>
            <Table.Th>{t('trash.columns.name')}</Table.Th>
            <Table.Th w={170}>{t('trash.columns.deletedOn')}</Table.Th>
            <Table.Th>{t('trash.columns.deletedBy')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={item.id}
              bg={selected.has(item.id) ? 'green.0' : undefined}
              data-testid="trash-row"
            >
              <Table.Td>
                <RowBox item={item} checked={selected.has(item.id)} onToggle={() => onToggle(item.id)} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{labels.type(item)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {deletedOn(item.statusModifiedOn)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dark.5" style={{ overflowWrap: 'anywhere' }}>
                  {labels.by(item)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
