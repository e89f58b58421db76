import type { BlueprintListItem } from '@groeipad/core';
import { Anchor, Badge, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconBooks, IconRefresh, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { editorPath, selectAllState } from './blueprint-rows';

interface Props {
  rows: readonly BlueprintListItem[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  /** A table from tablet width; a list of cards on a phone (no sideways scrolling). */
  wide: boolean;
  /** The library column (when the library answers, or when a row is in the library). */
  showLibrary: boolean;
  /** The organisation's default extract blueprint, marked "Standaard" (issue 31). */
  defaultId: number | null;
}

function LibraryMark() {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color="green" leftSection={<IconBooks size={12} aria-hidden />}>
      {t('blueprintList.inLibrary')}
    </Badge>
  );
}

/** An imported blueprint whose library entry has a newer version (the server's `libraryUpdate`, D58). */
function UpdateMark() {
  const { t } = useTranslation();
  return (
    <Badge
      size="sm"
      variant="light"
      color="orange"
      styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
      leftSection={<IconRefresh size={12} aria-hidden />}
    >
      {t('blueprintList.updateAvailable')}
    </Badge>
  );
}

/** The organisation's default extract blueprint: one click on "Voortgangsrapport maken" uses it (issue 31). */
function DefaultMark() {
  const { t } = useTranslation();
  return (
    <Badge
      size="sm"
      variant="light"
      color="blue"
      styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
      leftSection={<IconStar size={12} aria-hidden />}
      data-testid="default-extract"
    >
      {t('progressReport.defaultMark')}
    </Badge>
  );
}

function NameLink({ item }: { item: BlueprintListItem }) {
  return (
    <Anchor
      component={Link}
      to={editorPath(item.type, item.id)}
      fw={600}
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {item.name}
    </Anchor>
  );
}

/** The blueprints with select-all and row checkboxes, type, name (a link to the editor), description, library mark. */
export function BlueprintTable({
  rows,
  selected,
  onToggle,
  onToggleAll,
  wide,
  showLibrary,
  defaultId,
}: Props) {
  const { t } = useTranslation();
  const count = rows.filter((row) => selected.has(row.id)).length;
  const all = selectAllState(rows.length, count);
  const selectAll = (
    <Checkbox
      aria-label={t('blueprintList.selectAll')}
      checked={all === 'all'}
      indeterminate={all === 'some'}
      onChange={onToggleAll}
    />
  );
  const rowBox = (item: BlueprintListItem) => (
    <Checkbox
      aria-label={t('blueprintList.select', { name: item.name })}
      checked={selected.has(item.id)}
      onChange={() => onToggle(item.id)}
    />
  );

  if (!wide) {
    return (
      <Stack gap="xs">
        <Checkbox
          px="sm"
          aria-label={t('blueprintList.selectAll')}
          label={t('blueprintList.selectAllShort')}
          checked={all === 'all'}
          indeterminate={all === 'some'}
          onChange={onToggleAll}
        />
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('nav.blueprints')}
        >
          {rows.map((item) => (
            <Paper
              component="li"
              key={item.id}
              withBorder
              radius="md"
              p="sm"
              bg={selected.has(item.id) ? 'green.0' : undefined}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <div style={{ paddingTop: 2 }}>{rowBox(item)}</div>
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <NameLink item={item} />
                  <Group gap={6}>
                    <Badge size="sm" variant="light" color="gray">
                      {t(`blueprintList.types.${item.type}`)}
                    </Badge>
                    {item.library ? <LibraryMark /> : null}
                    {item.libraryUpdate ? <UpdateMark /> : null}
                    {item.id === defaultId ? <DefaultMark /> : null}
                  </Group>
                  {item.description ? (
                    <Text size="sm" c="dark.5" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                      {item.description}
                    </Text>
                  ) : null}
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
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={t('nav.blueprints')}>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w={44}>{selectAll}</Table.Th>
            <Table.Th w={170}>{t('blueprintList.fields.type')}</Table.Th>
            <Table.Th>{t('blueprintList.fields.name')}</Table.Th>
            <Table.Th>{t('blueprintList.fields.description')}</Table.Th>
            {showLibrary ? <Table.Th w={150}>{t('blueprintList.library.column')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => (
            <Table.Tr key={item.id} bg={selected.has(item.id) ? 'green.0' : undefined}>
              <Table.Td>{rowBox(item)}</Table.Td>
              <Table.Td>
                <Text size="sm">{t(`blueprintList.types.${item.type}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  <NameLink item={item} />
                  {item.libraryUpdate ? <UpdateMark /> : null}
                  {item.id === defaultId ? <DefaultMark /> : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dark.5" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {item.description}
                </Text>
              </Table.Td>
              {showLibrary ? <Table.Td>{item.library ? <LibraryMark /> : null}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
