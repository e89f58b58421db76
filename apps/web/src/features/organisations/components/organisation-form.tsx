import {
  DESCRIPTION_MAX,
  LARGE_LOGO_BOX,
  type OrganisationInput,
  type OrganisationValues,
  SMALL_LOGO_BOX,
  zOrganisationInput,
} from '@groeipad/core';
import {
  Button,
  Fieldset,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { CountrySelect } from './country-select';
import { LogoInput } from './logo-input';

export interface OrganisationFormState {
  name: string;
  slogan: string;
  description: string;
  type: 'PERSONAL' | 'COMPANY';
  smallLogo: string | null;
  largeLogo: string | null;
  vatIdentification: string;
  streetName: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  country: string | null;
  email: string;
  phoneNumber: string;
}

export const emptyOrganisationForm: OrganisationFormState = {
  name: '',
  slogan: '',
  description: '',
  type: 'COMPANY',
  smallLogo: null,
  largeLogo: null,
  vatIdentification: '',
  streetName: '',
  streetNumber: '',
  postalCode: '',
  city: '',
  country: 'NL',
  email: '',
  phoneNumber: '',
};

type FieldName = keyof OrganisationFormState;

const REQUIRED_FIELDS: ReadonlySet<FieldName> = new Set([
  'name',
  'email',
  'phoneNumber',
  'streetName',
  'streetNumber',
  'postalCode',
  'city',
  'country',
]);
export type OrganisationFormErrors = Partial<Record<FieldName, string>>;

interface OrganisationFormProps {
  /** The values to start from (an existing organisation); an empty form without them. */
  initialValues?: OrganisationFormState;
  /** Legend of the first group of fields (default: General). */
  generalLegend?: string;
  submitLabel: string;
  pending: boolean;
  /** Translated errors from the server, keyed by field path. */
  serverErrors: Record<string, string>;
  failure: string | null;
  onSubmit: (values: OrganisationValues, input: OrganisationInput) => void;
  onCancel?: () => void;
}

/** The organisation form of spec part 2 §5, validated with core's zOrganisationInput. */
export function OrganisationForm({
  initialValues = emptyOrganisationForm,
  generalLegend,
  submitLabel,
  pending,
  serverErrors,
  failure,
  onSubmit,
  onCancel,
}: OrganisationFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<OrganisationFormState>(initialValues);
  const [errors, setErrors] = useState<OrganisationFormErrors>({});

  const set = <K extends FieldName>(field: K, value: OrganisationFormState[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: FieldName) => errors[field] ?? serverErrors[field] ?? null;
  const text = (field: FieldName, key: string, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput
      label={t(`organisationForm.${key}`)}
      value={form[field] as string}
      onChange={(event) => set(field, event.currentTarget.value as never)}
      error={errorOf(field)}
      {...extra}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: OrganisationInput = { ...form, country: form.country ?? '' };
    const parsed = zOrganisationInput.safeParse(input);
    if (!parsed.success) {
      const next: OrganisationFormErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName | undefined;
        if (!field || next[field]) continue;
        // An empty required field says so, rather than "invalid e-mail address" or "invalid value".
        const value = form[field];
        const empty = value === null || (typeof value === 'string' && value.trim() === '');
        const key = empty && REQUIRED_FIELDS.has(field) ? 'required' : issue.message;
        next[field] = t(`messages.${key}`, { defaultValue: t('messages.invalidValue') });
      }
      setErrors(next);
      // Bring the first invalid field into view once the errors have rendered.
      requestAnimationFrame(() => {
        const first = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
        first?.focus();
      });
      return;
    }
    setErrors({});
    onSubmit(parsed.data, input);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FailureAlert message={failure} />
        <Fieldset legend={generalLegend ?? t('organisationForm.general')}>
          <Stack gap="sm">
            {text('name', 'name', { required: true, autoComplete: 'organization' })}
            <div>
              <Input.Label id="organisation-type-label" component="div">
                {t('organisationForm.type')}
              </Input.Label>
              <SegmentedControl
                aria-labelledby="organisation-type-label"
                fullWidth
                value={form.type}
                onChange={(value) => set('type', value as OrganisationFormState['type'])}
                data={[
                  { value: 'COMPANY', label: t('organisationForm.types.COMPANY') },
                  { value: 'PERSONAL', label: t('organisationForm.types.PERSONAL') },
                ]}
              />
            </div>
            {text('slogan', 'slogan')}
            <Textarea
              label={t('organisationForm.description')}
              value={form.description}
              onChange={(event) => set('description', event.currentTarget.value)}
              error={errorOf('description')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={DESCRIPTION_MAX}
              description={t('common.counter', { count: form.description.length, max: DESCRIPTION_MAX })}
            />
            {text('vatIdentification', 'vatIdentification')}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('organisationForm.logos')}>
          <Stack gap="sm">
            <LogoInput
              label={t('organisationForm.smallLogo')}
              description={t('organisationForm.smallLogoHint')}
              box={SMALL_LOGO_BOX}
              value={form.smallLogo}
              onChange={(value) => set('smallLogo', value)}
              error={errorOf('smallLogo')}
            />
            <LogoInput
              label={t('organisationForm.largeLogo')}
              description={t('organisationForm.largeLogoHint')}
              box={LARGE_LOGO_BOX}
              value={form.largeLogo}
              onChange={(value) => set('largeLogo', value)}
              error={errorOf('largeLogo')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('organisationForm.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('email', 'email', { required: true, type: 'email', autoComplete: 'email' })}
            {text('phoneNumber', 'phoneNumber', { required: true, type: 'tel', autoComplete: 'tel' })}
            {text('streetName', 'streetName', { required: true, autoComplete: 'address-line1' })}
            {text('streetNumber', 'streetNumber', { required: true })}
            {text('postalCode', 'postalCode', { required: true, autoComplete: 'postal-code' })}
            {text('city', 'city', { required: true, autoComplete: 'address-level2' })}
            <CountrySelect
              label={t('organisationForm.country')}
              value={form.country}
              onChange={(value) => set('country', value)}
              error={errorOf('country')}
            />
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={pending} data-save-shortcut aria-keyshortcuts="Control+S Meta+S">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
