import type { Field, ReportRights } from '@groeipad/core';
import { ActionIcon, Checkbox, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  effectiveRights,
  flagApplies,
  hasOwnRights,
  type RightsFlag,
  type RightsKind,
  type RightsMap,
  ROOT_KEY,
  rightsRows,
  selectionState,
  withFlag,
  withoutOwnRights,
} from './field-rights';
import classes from './rights-checkbox.module.css';

interface Props {
  kind: RightsKind;
  fields: readonly Field[];
  map: RightsMap;
  /** The name of the root row: the whole form or the whole report. */
  rootName: string;
  /** An accessible name for the table. */
  label: string;
  editable: boolean;
  onChange: (map: Record<string, ReportRights>) => void;
}

/**
 * Per-field rights of one role (information form or one report): a row per field, indented by group,
 * with the root row first. A field without its own entry shows what it inherits. Rows can be selected;
 * the column heads are tri-state checkboxes over the selection (checked, unchecked or mixed) that set
 * the flag on every selected row at once, with the right dependencies of core applied.
 */
export function FieldRightsTable({ kind, fields, map, rootName, label, editable, onChange }: Props) {
  const { t } = useTranslation();
  const rows = useMemo(() => rightsRows(fields, rootName), [fields, rootName]);
  const effective = useMemo(() => effectiveRights(fields, map), [fields, map]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const keys = [...new Set(rows.map((row) => row.key))];
  const selectedKeys = keys.filter((key) => selected.has(key));
  const flags: RightsFlag[] =
    kind === 'report' ? ['admin', 'write', 'read', 'hidden'] : ['write', 'read', 'hidden'];
  const allState =
    selectedKeys.length === 0 ? 'unchecked' : selectedKeys.length === keys.length ? 'checked' : 'mixed';

  const toggleRow = (key: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const setFlag = (targets: readonly string[], flag: RightsFlag, value: boolean) =>
    onChange(withFlag(kind, fields, map, targets, flag, value));

  return (
    <Stack gap="xs">
      {editable ? (
        <Text size="sm" c="dark.4">
          {t('accessEditor.selectionHint')}
        </Text>
      ) : null}
      <Table.ScrollContainer
        minWidth={(kind === 'report' ? 560 : 480) - (editable ? 0 : 80)}
        type="native"
        // The visually hidden heading is positioned absolutely: keep it inside the scrolling box.
        style={{ position: 'relative' }}
        // Read-only on a phone the table scrolls sideways with nothing in it to focus: the box itself takes
        // focus, so the keyboard scrolls it too (axe scrollable-region-focusable).
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        <Table verticalSpacing={6} horizontalSpacing="xs" aria-label={label} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {editable ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('accessEditor.selectAll')}
                    checked={allState === 'checked'}
                    indeterminate={allState === 'mixed'}
                    onChange={() => setSelected(allState === 'checked' ? new Set() : new Set(keys))}
                  />
                </Table.Th>
              ) : null}
              <Table.Th>{t('accessEditor.field')}</Table.Th>
              {flags.map((flag) => {
                const state = selectionState(kind, effective, selectedKeys, flag);
                const applicable = selectedKeys.some((key) => flagApplies(kind, key, flag));
                return (
                  <Table.Th key={flag} w={76} ta="center">
                    <Stack gap={4} align="center">
                      <span style={{ whiteSpace: 'nowrap' }}>{t(`accessEditor.flags.${flag}`)}</span>
                      {editable ? (
                        <Checkbox
                          aria-label={t('accessEditor.flagForSelection', {
                            flag: t(`accessEditor.flags.${flag}`),
                          })}
                          checked={state === 'checked'}
                          indeterminate={state === 'mixed'}
                          disabled={!applicable}
                          onChange={() => setFlag(selectedKeys, flag, state !== 'checked')}
                        />
                      ) : null}
                    </Stack>
                  </Table.Th>
                );
              })}
              {editable ? (
                <Table.Th w={40}>
                  <VisuallyHidden>{t('accessEditor.inherit')}</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const rights = effective[row.key];
              const ownEntry = hasOwnRights(map, row.key);
              const inherited = row.key !== ROOT_KEY && !ownEntry;
              const name = row.name || t('accessEditor.unnamedField');
              return (
                <Table.Tr key={row.id}>
                  {editable ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('accessEditor.selectField', { field: name })}
                        checked={selected.has(row.key)}
                        onChange={(event) => toggleRow(row.key, event.currentTarget.checked)}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Stack gap={0} pl={(row.depth > 0 ? row.depth - 1 : 0) * 16}>
                      <Text
                        size="sm"
                        fw={row.key === ROOT_KEY || row.type === 'group' ? 600 : 400}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {name}
                      </Text>
                      {inherited ? (
                        <Text size="xs" c="dark.3">
                          {t('accessEditor.inherited')}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  {flags.map((flag) => (
                    <Table.Td key={flag} ta="center">
                      {flagApplies(kind, row.key, flag) ? (
                        <Checkbox
                          style={{ display: 'inline-block' }}
                          classNames={{ input: classes.input }}
                          aria-label={t('accessEditor.flagForField', {
                            flag: t(`accessEditor.flags.${flag}`),
                            field: name,
                          })}
                          checked={rights?.[flag] === true}
                          disabled={!editable}
                          onChange={(event) => setFlag([row.key], flag, event.currentTarget.checked)}
                        />
                      ) : null}
                    </Table.Td>
                  ))}
                  {editable ? (
                    <Table.Td>
                      {ownEntry && row.key !== ROOT_KEY ? (
                        <Tooltip label={t('accessEditor.inheritHint')}>
                          <ActionIcon
                            variant="subtle"
                            color="gray.7"
                            aria-label={t('accessEditor.inheritField', { field: name })}
                            onClick={() => onChange(withoutOwnRights(map, row.key))}
                          >
                            <IconArrowBackUp size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dark.4" hiddenFrom="md">
        {t('accessEditor.scrollHint')}
      </Text>
    </Stack>
  );
}
