import type { BlueprintUpdateChange } from '@groeipad/core';
import { List, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * What moving a trajectory to its blueprint's latest version changes (D10), one sentence a change: the
 * single update's dialog and the cohort's (D56) both show it. A removed competence names the assessments
 * it keeps in the history, a successor those it takes from the competences it replaces.
 */
export function UpdateChangeList({
  changes,
  label,
}: {
  changes: readonly BlueprintUpdateChange[];
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4} aria-label={label}>
      {changes.map((change, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the preview's order is its identity
        <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
          {changeText(t, change)}
          {entriesText(t, change) ? (
            <Text span size="sm" c="dark.4">
              {' '}
              ({entriesText(t, change)})
            </Text>
          ) : null}
        </List.Item>
      ))}
    </List>
  );
}

/** One change as a sentence. */
export function changeText(t: TFunction, change: BlueprintUpdateChange): string {
  return t(`blueprintUpdate.change.${change.kind}`, {
    name: change.name,
    from: change.from ?? '',
    to: change.to ?? '',
  });
}

/** The assessments a change moves or keeps in the history (D56); null when it names none. */
function entriesText(t: TFunction, change: BlueprintUpdateChange): string | null {
  if (!change.entries) return null;
  if (change.kind === 'competenceCarried')
    return t('blueprintUpdate.carriedEntries', { count: change.entries, name: change.name });
  if (change.kind === 'competenceRemoved')
    return t('blueprintUpdate.removedEntries', { count: change.entries });
  return null;
}
