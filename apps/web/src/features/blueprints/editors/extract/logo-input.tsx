import { EXTRACT_LOGO_ACCEPT, EXTRACT_LOGO_MAX_LABEL, isExtractLogoAllowed } from '@groeipad/core';
import { Button, Center, FileButton, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../../components/failure-alert';
import { errorText } from '../../../../lib/api-error';
import { uploadResource } from '../../api/upload-resource';
import { useResourceUrl } from '../../api/use-resource-url';

const LOGO_TYPES = ['image/jpeg', 'image/png'];

interface Props {
  logo: number | null;
  disabled: boolean;
  onChange: (logo: number | null) => void;
  /** A refusal of the logo by the server on save (fileMaxSize, unsupportedFileType). */
  serverError?: string;
}

/**
 * The extract blueprint's logo (D32): a .jpg or .png of at most 50 kB, checked here with core's
 * isExtractLogoAllowed before uploading and by the server again on save. Shown from its content,
 * fetched with the bearer token as a blob (never a token in an address).
 */
export function LogoInput({ logo, disabled, onChange, serverError }: Props) {
  const { t } = useTranslation();
  const image = useResourceUrl(logo);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

  const choose = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setFailure(null);
    if (!LOGO_TYPES.includes(file.type)) {
      setFailure(t('messages.unsupportedFileType'));
      return;
    }
    if (!isExtractLogoAllowed(file.type, file.size)) {
      setFailure(t('fileMaxSize', { size: EXTRACT_LOGO_MAX_LABEL }));
      return;
    }
    setUploading(true);
    try {
      onChange((await uploadResource(file)).id);
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="xs">
      <Paper withBorder radius="sm" p="xs" bg="gray.0">
        <Center mih={88}>
          {logo === null ? (
            <Group gap={6} c="dimmed">
              <IconPhoto size={20} aria-hidden="true" />
              <Text size="sm">{t('blueprintEditors.extract.noLogo')}</Text>
            </Group>
          ) : image.url ? (
            <Image
              src={image.url}
              alt={t('blueprintEditors.extract.logoAlt')}
              mah={80}
              w="auto"
              maw="100%"
              fit="contain"
            />
          ) : image.error ? (
            <Text size="sm" c="red.8">
              {t('blueprintEditors.extract.logoUnavailable')}
            </Text>
          ) : (
            <Loader size="sm" aria-label={t('common.loading')} />
          )}
        </Center>
      </Paper>
      <Text size="xs" c="dimmed">
        {t('blueprintEditors.extract.logoHint', { size: EXTRACT_LOGO_MAX_LABEL })}
      </Text>
      {!disabled ? (
        <Group gap="xs" wrap="wrap">
          <FileButton onChange={(file) => void choose(file)} accept={EXTRACT_LOGO_ACCEPT} resetRef={resetRef}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={uploading}>
                {t('blueprintEditors.extract.chooseLogo')}
              </Button>
            )}
          </FileButton>
          {logo !== null ? (
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              leftSection={<IconTrash size={16} />}
              onClick={() => onChange(null)}
            >
              {t('blueprintEditors.extract.removeLogo')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      <FailureAlert title={t('blueprintEditors.extract.logoFailed')} message={failure ?? serverError} />
    </Stack>
  );
}
