import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrorTexts, formFailureText } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCreateOrganisation } from '../api/use-create-organisation';
import { OrganisationForm } from '../components/organisation-form';

/** Create organisation; on success the tokens are refreshed for it and the user goes to / (spec part 2 §2). */
export function CreateOrganisationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateOrganisation();
  usePageTitle(t('organisationForm.createTitle'));
  const error = create.error;

  return (
    <Stack gap="lg" maw={820} mx="auto">
      <div>
        <Title order={1} size="h2">
          {t('organisationForm.createTitle')}
        </Title>
        <Text c="dark.5" mt={4}>
          {t('organisationForm.createIntro')}
        </Text>
      </div>
      <OrganisationForm
        submitLabel={t('organisationForm.createSubmit')}
        pending={create.isPending}
        serverErrors={fieldErrorTexts(t, error)}
        failure={formFailureText(t, error, 'messages.validationError')}
        onSubmit={(_values, input) =>
          create.mutate(input, { onSuccess: () => navigate('/', { replace: true }) })
        }
        onCancel={() => navigate(-1)}
      />
    </Stack>
  );
}
