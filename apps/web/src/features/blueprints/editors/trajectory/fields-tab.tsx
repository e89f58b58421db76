import { FIELD_TYPES, type Field, type TrajectoryBlueprintContent } from '@groeipad/core';
import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LinkedBlueprintPicker } from './linked-blueprint-picker';

interface Props {
  content: TrajectoryBlueprintContent;
  writable: boolean;
  admin: boolean;
  change: (recipe: (draft: TrajectoryBlueprintContent) => void) => void;
}

/** The fields of the linked information form, read-only: names and types, indented by group. */
function FieldList({ fields }: { fields: readonly Field[] }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4} listStyleType="none" withPadding={false}>
      {fields.map((field) => {
        if (!(FIELD_TYPES as readonly string[]).includes(field.type)) {
          console.error(`Unknown field type ${String(field.type)}`);
          return null;
        }
        return (
          <List.Item key={field.uuid}>
            <Group gap={6} wrap="wrap">
              <Text size="sm" fw={field.type === 'group' ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
                {field.name || t('accessEditor.unnamedField')}
              </Text>
              <Badge size="sm" variant="light" color="gray">
                {t(`trajectoryBlueprintEditor.fieldTypes.${field.type}`)}
              </Badge>
              {field.required ? (
                <Text size="xs" c="dark.4">
                  {t('trajectoryBlueprintEditor.required')}
                </Text>
              ) : null}
            </Group>
            {field.type === 'group' && field.children.length > 0 ? (
              <div style={{ paddingInlineStart: 20, marginTop: 4 }}>
                <FieldList fields={field.children} />
              </div>
            ) : null}
          </List.Item>
        );
      })}
    </List>
  );
}

/** The information tab: the linked information blueprint and its fields. */
export function FieldsTab({ content, writable, admin, change }: Props) {
  const { t } = useTranslation();
  const fields = content.information.fields;
  return (
    <Stack gap="md">
      <LinkedBlueprintPicker
        part="information"
        content={content}
        writable={writable}
        admin={admin}
        change={change}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('trajectoryBlueprintEditor.fieldsTitle')}
          </Title>
          {fields.length === 0 ? (
            <Text size="sm" c="dark.4">
              {t('trajectoryBlueprintEditor.noFields')}
            </Text>
          ) : (
            <FieldList fields={fields} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
