import { Checkbox, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ColumnMapping } from '../columns';
import { CLASS_KEY, STUDENT_NUMBER_KEY } from '../oneroster';
import type { ImportSource } from '../read-source';

interface Props {
  source: ImportSource;
  mapping: ColumnMapping | null;
  onMapping: (mapping: ColumnMapping) => void;
  roles: readonly string[];
  studentRole: string | null;
  onStudentRole: (role: string) => void;
}

/**
 * Step 2 of the import (issue 22): which column gives the title, the student's e-mail and the
 * description, which go to the information, and the role the students get. A OneRoster export maps
 * itself (the standard names its columns); only the role is chosen.
 */
export function ColumnsStep({ source, mapping, onMapping, roles, studentRole, onStudentRole }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {source.kind === 'sheet' && mapping ? (
        <SheetColumns header={source.table.header} mapping={mapping} onMapping={onMapping} />
      ) : (
        <Text size="sm">
          {t('trajectories.import.oneRosterMapping', { classKey: CLASS_KEY, numberKey: STUDENT_NUMBER_KEY })}
        </Text>
      )}
      <NativeSelect
        label={t('trajectories.import.studentRole')}
        description={t('trajectories.import.studentRoleHelp')}
        required
        value={studentRole ?? ''}
        onChange={(event) => onStudentRole(event.currentTarget.value)}
        data={roles.map((role) => ({ value: role, label: role }))}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
    </Stack>
  );
}

function SheetColumns({
  header,
  mapping,
  onMapping,
}: {
  header: readonly string[];
  mapping: ColumnMapping;
  onMapping: (mapping: ColumnMapping) => void;
}) {
  const { t } = useTranslation();
  /** A column as the user knows it: its header, or its number when it has none. */
  const label = (index: number) =>
    header[index] || t('trajectories.import.unnamedColumn', { number: index + 1 });
  const columns = header.map((_name, index) => ({ value: String(index), label: label(index) }));
  const none = { value: '-1', label: t('trajectories.import.none') };
  const select = (key: 'title' | 'email' | 'description', withNone: boolean) => (
    <NativeSelect
      label={t(`trajectories.import.${key}Column`)}
      required={!withNone}
      value={String(mapping[key])}
      onChange={(event) => onMapping({ ...mapping, [key]: Number(event.currentTarget.value) })}
      data={withNone ? [none, ...columns] : columns}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
        {select('title', false)}
        {select('email', true)}
        {select('description', true)}
      </SimpleGrid>
      <Checkbox.Group
        label={t('trajectories.import.informationColumns')}
        description={t('trajectories.import.informationHelp')}
        value={mapping.information.map(String)}
        onChange={(values) =>
          onMapping({ ...mapping, information: values.map(Number).sort((a, b) => a - b) })
        }
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing={8} mt={8}>
          {header.map((name, index) =>
            name === '' ? null : <Checkbox key={name + String(index)} value={String(index)} label={name} />,
          )}
        </SimpleGrid>
      </Checkbox.Group>
    </>
  );
}
