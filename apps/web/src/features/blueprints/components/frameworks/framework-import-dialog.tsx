import type { FrameworkImport, FrameworkImportResult, FrameworkSource } from '@groeipad/core';
import { Alert, Button, FileInput, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeJs } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../../components/failure-alert';
import { DialogCancel, GuardedModal } from '../../../../components/guarded-modal';
import { errorText, fieldErrorTexts } from '../../../../lib/api-error';
import { saveBlob } from '../../../../lib/download';
import { notifyFailure } from '../../../../lib/notify';
import { SPREADSHEET_ACCEPT, writeSpreadsheet } from '../../../../lib/spreadsheet';
import { useFrameworkCheck, useFrameworkImport } from '../../api/use-frameworks';
import { refusedProblems } from '../../frameworks/problems';
import {
  CASE_ACCEPT,
  FrameworkFileError,
  type FrameworkFormat,
  nameIsIdentity,
  readFrameworkFile,
} from '../../frameworks/read-framework';
import { templateSheet } from '../../frameworks/template';
import { FrameworkPreview } from './framework-preview';
import { FrameworkProblems } from './framework-problems';

const STICKY_FOOTER = { position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)' } as const;

/** What the chosen file gave so far. */
type FileState =
  | { status: 'none' }
  | { status: 'reading' }
  | { status: 'read'; source: FrameworkSource }
  | { status: 'failed'; message: string };

interface Props {
  /**
   * "Nieuwe versie importeren" in the competence list editor: the file must be a version of this list
   * (its framework's document identifier); without it the file makes a new list or the next version of
   * the list it matches.
   */
  list?: { id: number; name: string };
  onImported: (result: FrameworkImportResult, name: string) => void;
  onClose: () => void;
}

/**
 * "Competentiekader importeren" (D56): a school's curriculum from a CASE file (JSON) or a qualification
 * file (spreadsheet, the layout of docs/frameworks.md). The file is read in the browser and checked by
 * the server at once; its problems are named by row and column (a package's by place) and nothing is
 * made, so the user fixes the file and chooses it again. Without problems the preview shows the new list
 * or the new version with its differences, and Importeren makes it.
 */
export function FrameworkImportDialog({ list, onImported, onClose }: Props) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<FrameworkFormat>('case');
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<FileState>({ status: 'none' });
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const [updateTrajectoryBlueprints, setUpdateTrajectoryBlueprints] = useState(true);
  const [writingTemplate, setWritingTemplate] = useState(false);
  const latestRead = useRef(0);
  const check = useFrameworkCheck();
  const run = useFrameworkImport();

  const checkSource = (source: FrameworkSource) => {
    run.reset();
    check.mutate(
      { source },
      {
        onSuccess: (answer) => {
          setName(answer.name);
          setTried(false);
        },
      },
    );
  };

  const chooseFile = async (chosen: File | null, chosenFormat = format) => {
    setFile(chosen);
    check.reset();
    run.reset();
    const attempt = ++latestRead.current;
    if (!chosen) {
      setState({ status: 'none' });
      return;
    }
    setState({ status: 'reading' });
    let next: FileState;
    try {
      next = { status: 'read', source: await readFrameworkFile(chosenFormat, chosen) };
    } catch (error) {
      next = {
        status: 'failed',
        message:
          error instanceof FrameworkFileError
            ? t(error.textKey, error.params)
            : t('frameworks.errors.unreadable'),
      };
    }
    if (attempt !== latestRead.current) return;
    setState(next);
    if (next.status === 'read') checkSource(next.source);
  };

  const chooseFormat = (value: string) => {
    const next: FrameworkFormat = value === 'mbo' ? 'mbo' : 'case';
    setFormat(next);
    // A file chosen for the other format is not this one's.
    void chooseFile(null, next);
  };

  const downloadTemplate = async () => {
    setWritingTemplate(true);
    try {
      saveBlob(await writeSpreadsheet([templateSheet()]), t('frameworks.template.fileName'));
    } catch {
      notifyFailure(t, t('frameworks.template.failedTitle'), t('frameworks.template.failed'));
    } finally {
      setWritingTemplate(false);
    }
  };

  const answer = check.data ?? null;
  const source = state.status === 'read' ? state.source : null;
  const refused = refusedProblems(run.error ?? check.error);
  const problems = answer && answer.problems.length > 0 ? answer.problems : refused;
  const casePackage = source?.format === 'case' ? source.package : undefined;
  const otherList = list !== undefined && answer !== null && answer.match?.id !== list.id;
  const ready = answer !== null && problems.length === 0 && !otherList && source !== null;
  const listName = answer?.match ? answer.match.name : name.trim();
  const nameError =
    tried && !answer?.match && name.trim() === ''
      ? t('messages.required')
      : fieldErrorTexts(t, run.error).name;

  const importIt = async () => {
    setTried(true);
    if (!ready || !source || !answer || listName === '') return;
    let confirmed = answer;
    // A qualification file without its dossier row is the framework its name says: a new name is checked
    // again, and a different answer (another list matched) is shown instead of imported.
    if (!answer.match && nameIsIdentity(source) && listName !== answer.name) {
      run.reset();
      try {
        confirmed = await check.mutateAsync({ source, name: listName });
      } catch {
        return;
      }
      if (confirmed.problems.length > 0 || confirmed.match !== null) return;
    }
    const body: FrameworkImport = {
      source,
      name: listName,
      blueprintId: confirmed.match?.id ?? null,
      ...(confirmed.match ? { expectedVersion: confirmed.match.version } : {}),
      updateTrajectoryBlueprints,
    };
    run.mutate(body, { onSuccess: (result) => onImported(result, listName) });
  };

  const checkFailure = check.isError && refused.length === 0 ? errorText(t, check.error) : null;
  const runFailure = run.isError && refused.length === 0 ? errorText(t, run.error) : null;
  const accept = format === 'case' ? CASE_ACCEPT : SPREADSHEET_ACCEPT;
  return (
    <GuardedModal
      dirty={file !== null && !run.isPending && !run.isSuccess}
      opened
      onClose={onClose}
      title={list ? t('frameworks.titleNewVersion', { name: list.name }) : t('frameworks.title')}
      size="xl"
    >
      <Stack gap="md">
        <Text size="sm">{t('frameworks.intro')}</Text>
        <Radio.Group label={t('frameworks.format')} value={format} onChange={chooseFormat}>
          <Stack gap="xs" mt={6}>
            <Radio value="case" label={t('frameworks.formats.case')} disabled={run.isPending} />
            <Radio value="mbo" label={t('frameworks.formats.mbo')} disabled={run.isPending} />
          </Stack>
        </Radio.Group>
        <FileInput
          key={format}
          label={t('frameworks.file')}
          description={t(`frameworks.fileHelp.${format}`)}
          placeholder={t('frameworks.filePlaceholder')}
          required
          accept={accept}
          value={file}
          onChange={(chosen) => void chooseFile(chosen)}
          clearable
          clearButtonProps={{ 'aria-label': t('frameworks.clearFile') }}
          disabled={run.isPending}
          leftSection={
            format === 'case' ? (
              <IconFileTypeJs size={16} aria-hidden />
            ) : (
              <IconFileSpreadsheet size={16} aria-hidden />
            )
          }
          error={state.status === 'failed' ? state.message : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data-testid="framework-file"
        />
        {format === 'mbo' ? (
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={writingTemplate}
              onClick={() => void downloadTemplate()}
            >
              {t('frameworks.template.download')}
            </Button>
          </Group>
        ) : null}
        {state.status === 'reading' || check.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">
              {t(state.status === 'reading' ? 'frameworks.reading' : 'frameworks.checking')}
            </Text>
          </Group>
        ) : null}
        <FailureAlert
          title={t('frameworks.checkFailed')}
          message={checkFailure}
          action={
            source ? (
              <Button variant="white" size="compact-sm" onClick={() => checkSource(source)}>
                {t('frameworks.retry')}
              </Button>
            ) : null
          }
        />
        {problems.length > 0 ? <FrameworkProblems problems={problems} casePackage={casePackage} /> : null}
        {answer && problems.length === 0 && otherList ? (
          <Alert color="red" role="alert" data-testid="framework-other-list">
            {t('frameworks.notThisList', { name: list?.name ?? '' })}
          </Alert>
        ) : null}
        {answer && problems.length === 0 && !otherList ? (
          <FrameworkPreview
            check={answer}
            name={name}
            onName={(value) => {
              setName(value);
              if (run.isError) run.reset();
            }}
            nameError={nameError}
            updateTrajectoryBlueprints={updateTrajectoryBlueprints}
            onUpdateTrajectoryBlueprints={setUpdateTrajectoryBlueprints}
            disabled={run.isPending}
          />
        ) : null}
        <FailureAlert
          title={t('frameworks.importFailed')}
          message={runFailure}
          action={
            source && run.error ? (
              <Button variant="white" size="compact-sm" onClick={() => checkSource(source)}>
                {t('frameworks.retry')}
              </Button>
            ) : null
          }
        />
        <Group justify="flex-end" gap="sm" py="xs" style={STICKY_FOOTER}>
          <DialogCancel />
          <Button
            onClick={() => void importIt()}
            loading={run.isPending}
            disabled={!ready}
            data-testid="framework-import"
          >
            {t('frameworks.import')}
          </Button>
        </Group>
      </Stack>
    </GuardedModal>
  );
}
