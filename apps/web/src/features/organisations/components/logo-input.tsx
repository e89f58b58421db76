import { LOGO_ACCEPT, type LogoBox } from '@groeipad/core';
import { Box, FileInput, Group, Image, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scaleLogo } from './scale-logo';

interface LogoInputProps {
  label: string;
  description: string;
  box: LogoBox;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
}

/** A logo picker that scales the chosen image to fit `box` and previews it. */
export function LogoInput({ label, description, box, value, onChange, error }: LogoInputProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  const choose = async (next: File | null) => {
    setFile(next);
    setReadError(null);
    if (!next) {
      onChange(null);
      return;
    }
    try {
      onChange(await scaleLogo(next, box));
    } catch {
      setReadError(t('messages.invalidLogo'));
      onChange(null);
    }
  };

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <FileInput
        style={{ flex: '1 1 220px', minWidth: 0 }}
        label={label}
        description={description}
        placeholder={t('organisationForm.chooseFile')}
        accept={LOGO_ACCEPT}
        value={file}
        onChange={(next) => void choose(next)}
        clearable
        clearButtonProps={{ 'aria-label': t('organisationForm.removeLogo') }}
        leftSection={<IconPhoto size={16} />}
        error={readError ?? error ?? undefined}
      />
      <Box
        w={box.width + 16}
        h={box.height + 16}
        p={8}
        style={{
          border: '1px dashed var(--mantine-color-gray-4)',
          borderRadius: 8,
          flexShrink: 0,
          marginBottom: error || readError ? 26 : 0,
        }}
        aria-live="polite"
      >
        {value ? (
          <Image
            src={value}
            alt={t('organisationForm.logoPreview')}
            w={box.width}
            h={box.height}
            fit="contain"
          />
        ) : (
          <Text size="10px" c="dimmed" ta="center" lh={`${box.height}px`}>
            {box.width}×{box.height}
          </Text>
        )}
      </Box>
    </Group>
  );
}
