import type { TrajectoryBlueprintContent } from '@groeipad/core';
import { Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { missingRuleRole, type ScoreRuleKind, scoreRuleOfKind } from './score-rule';

interface Props {
  content: TrajectoryBlueprintContent;
  writable: boolean;
  change: (recipe: (draft: TrajectoryBlueprintContent) => void) => void;
}

const KINDS: readonly ScoreRuleKind[] = ['latest', 'role', 'agreed'];

/**
 * How a competence's score is taken for the dashboard and the PDF when several raters assess (issue 23):
 * the latest of any rater (the default), the latest of one of the blueprint's roles, or only the entry
 * marked as the agreed score. Trajectories made from (or updated to) this version take it over.
 */
export function ScoreRuleEditor({ content, writable, change }: Props) {
  const { t } = useTranslation();
  const rule = content.scoreRule;
  const kind: ScoreRuleKind = rule?.kind ?? 'latest';
  const roles = content.roles.map((role) => role.name);
  const missing = missingRuleRole(rule, roles);
  const roleOptions = missing ? [...roles, missing] : roles;
  const setRule = (next: ScoreRuleKind, role?: string) =>
    change((draft) => {
      const value = scoreRuleOfKind(next, roles, role ? { kind: 'role', role } : draft.scoreRule);
      if (value) draft.scoreRule = value;
      else delete draft.scoreRule;
    });

  return (
    <Paper withBorder radius="md" p="md" data-testid="score-rule">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('trajectoryBlueprintEditor.scoreRule')}
        </Title>
        <Text size="sm" c="dark.4">
          {t('trajectoryBlueprintEditor.scoreRuleHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('trajectoryBlueprintEditor.scoreRuleKind')}
            data={KINDS.map((value) => ({
              value,
              label: t(`trajectoryBlueprintEditor.scoreRules.${value}`),
            }))}
            value={kind}
            onChange={(value) => value && setRule(value as ScoreRuleKind)}
            allowDeselect={false}
            disabled={!writable}
            comboboxProps={{ withinPortal: true }}
          />
          {rule?.kind === 'role' ? (
            <Select
              label={t('trajectoryBlueprintEditor.scoreRuleRole')}
              data={roleOptions}
              value={rule.role}
              onChange={(value) => value && setRule('role', value)}
              allowDeselect={false}
              disabled={!writable}
              comboboxProps={{ withinPortal: true }}
              error={
                missing ? t('trajectoryBlueprintEditor.scoreRuleRoleMissing', { role: missing }) : undefined
              }
            />
          ) : null}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
