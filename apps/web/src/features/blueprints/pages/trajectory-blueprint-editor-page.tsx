import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InvalidIdNotice, isWholeNumber } from '../../../components/invalid-id-notice';
import { PageLoader } from '../../../components/page-loader';
import { errorText } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBlueprint } from '../api/use-blueprint';
import { TrajectoryBlueprintEditor } from '../editors/trajectory/trajectory-blueprint-editor';

/** /blueprints/trajectories/:id — a whole-number id, else invalidDocumentId (spec part 2 §2). */
export function TrajectoryBlueprintEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const valid = isWholeNumber(id);
  const blueprint = useBlueprint(valid ? Number(id) : null);
  const title = t('screens.trajectoryBlueprintEditor');
  usePageTitle(blueprint.data?.name ?? title);

  if (!valid) return <InvalidIdNotice title={title} id={id} />;
  if (blueprint.isPending) return <PageLoader />;
  if (blueprint.isError)
    return (
      <Alert color="red" title={t('loadDocumentError', { document: title })}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(t, blueprint.error)}</Text>
          <Button variant="light" onClick={() => void blueprint.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (blueprint.data.type !== 'TRAJECTORY') {
    console.error(`Blueprint ${blueprint.data.id} is a ${blueprint.data.type}, not a trajectory blueprint`);
    return null;
  }
  return <TrajectoryBlueprintEditor key={blueprint.data.id} blueprint={blueprint.data} />;
}
