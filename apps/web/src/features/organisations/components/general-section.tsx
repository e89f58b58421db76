import type { Organisation } from '@groeipad/core';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldErrorTexts, hasFieldErrors } from '../../../lib/api-error';
import { notifyApiFailure, notifySuccess } from '../../../lib/notify';
import { useUpdateOrganisation } from '../api/use-update-organisation';
import { OrganisationForm, type OrganisationFormState } from './organisation-form';

/** The form's values for an existing organisation (absent optional texts as empty fields). */
export function organisationFormState(organisation: Organisation): OrganisationFormState {
  return {
    name: organisation.name,
    slogan: organisation.slogan ?? '',
    description: organisation.description ?? '',
    type: organisation.type,
    smallLogo: organisation.smallLogo,
    largeLogo: organisation.largeLogo,
    vatIdentification: organisation.vatIdentification ?? '',
    streetName: organisation.streetName,
    streetNumber: organisation.streetNumber,
    postalCode: organisation.postalCode,
    city: organisation.city,
    country: organisation.country,
    email: organisation.email,
    phoneNumber: organisation.phoneNumber,
  };
}

/** General: the organisation form, saved with PUT /api/organisations/{id} (owners only). */
export function GeneralSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const update = useUpdateOrganisation(organisation.id);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('organisationPage.general')}
      </Title>
      <OrganisationForm
        initialValues={organisationFormState(organisation)}
        generalLegend={t('organisationPage.details')}
        submitLabel={t('common.save')}
        pending={update.isPending}
        serverErrors={fieldErrorTexts(t, update.error)}
        failure={hasFieldErrors(update.error) ? t('messages.validationError') : null}
        onSubmit={(_values, input) =>
          update.mutate(input, {
            onSuccess: () => notifySuccess(t, t('saveDocumentSuccess')),
            onError: (error) => notifyApiFailure(t, t('saveDocumentFailure'), error),
          })
        }
      />
    </Stack>
  );
}
