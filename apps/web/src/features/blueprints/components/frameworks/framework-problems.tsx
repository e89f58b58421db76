import type { FrameworkProblem } from '@groeipad/core';
import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { problemText, sortedProblems } from '../../frameworks/problems';

/**
 * What is wrong with the chosen file, one sentence per problem ("Rij 4, kolom Soort: ongeldige waarde"),
 * in the file's order; nothing was made, so the user fixes the file and chooses it again.
 */
export function FrameworkProblems({
  problems,
  casePackage,
}: {
  problems: readonly FrameworkProblem[];
  casePackage: Record<string, unknown> | undefined;
}) {
  const { t } = useTranslation();
  const texts = [...new Set(sortedProblems(problems).map((problem) => problemText(t, problem, casePackage)))];
  return (
    <Alert
      color="red"
      role="alert"
      title={t('frameworks.problemCount', { count: problems.length })}
      data-testid="framework-problems"
    >
      <Text size="sm" mb="xs">
        {t('frameworks.problemsHelp')}
      </Text>
      <List size="sm" spacing={2} style={{ overflowWrap: 'anywhere' }}>
        {texts.map((text) => (
          <List.Item key={text}>{text}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
