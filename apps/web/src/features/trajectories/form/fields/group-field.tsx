import type { GroupField } from '@groeipad/core';
import { Collapse, Paper, Stack, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useFormState } from '../form-context';

/**
 * A group: its name as a heading that opens and closes it (closed at first when the blueprint says
 * so), and its children (only those the user may read arrive here), drawn by the caller (`FormFields`,
 * which draws this group, so the group does not import it back). Open while the filter box holds text,
 * so matching fields show.
 */
export function GroupFieldView({
  field,
  depth,
  children,
}: {
  field: GroupField;
  depth: number;
  children: ReactNode;
}) {
  const { filtering, idPrefix = '' } = useFormState();
  const [open, setOpen] = useState(!field.collapsed);
  const shown = open || filtering;
  const Chevron = shown ? IconChevronDown : IconChevronRight;
  const panelId = `${idPrefix}group-${field.uuid}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} data-testid="form-group">
      <Title order={Math.min(6, 3 + depth) as 3 | 4 | 5 | 6} size="h5">
        <UnstyledButton
          onClick={() => setOpen((value) => !value)}
          aria-expanded={shown}
          aria-controls={panelId}
          disabled={filtering}
          style={{ display: 'flex', alignItems: 'center', gap: 6, width: '100%', minHeight: 44 }}
        >
          <Chevron size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
          <span style={{ overflowWrap: 'anywhere' }}>{field.name}</span>
        </UnstyledButton>
      </Title>
      <Collapse expanded={shown} id={panelId}>
        <Stack gap="md" pt="sm">
          {children}
        </Stack>
      </Collapse>
    </Paper>
  );
}
