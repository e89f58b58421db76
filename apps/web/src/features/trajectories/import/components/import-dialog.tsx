import { TRAJECTORY_DATA_ACCEPT, type TrajectoryImport } from '@groeipad/core';
import { Alert, Button, FileInput, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../../components/failure-alert';
import { DialogCancel, GuardedModal } from '../../../../components/guarded-modal';
import { errorText } from '../../../../lib/api-error';
import { useBlueprintAccess } from '../../list/api/use-trajectory-blueprint-content';
import { BlueprintField } from '../../list/components/blueprint-field';
import { creationAccess } from '../../list/creation';
import { useImportCheck, useImportTrajectories } from '../api/use-trajectory-import';
import { type ColumnMapping, guessMapping, guessStudentRole, importRows } from '../columns';
import { refusedProblems } from '../problems';
import { type ImportSource, ImportSourceError, readImportSource } from '../read-source';
import { ColumnsStep } from './columns-step';
import { ImportedPeople } from './imported-people';
import { PreviewStep } from './preview-step';

const STEPS = ['source', 'columns', 'preview', 'done'] as const;
const STICKY_FOOTER = { position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)' } as const;
type Step = (typeof STEPS)[number];

/** What the chosen files gave so far. */
type SourceState =
  | { status: 'none' }
  | { status: 'reading' }
  | { status: 'read'; source: ImportSource }
  | { status: 'failed'; message: string };

/**
 * New trajectories from a spreadsheet (issue 22), in four steps: the trajectory blueprint and the file
 * (one .xlsx/.xls/.csv, or a OneRoster export's files together); the columns and the students' role;
 * the server's check of every row (nothing is made while anything is wrong); the summary. All rows are
 * made in one request, all or none. The access of each is the create dialog's (the blueprint's roles and
 * default users, the creator holding its RIGHTS roles) plus the row's student.
 */
export function ImportTrajectoriesDialog({
  creatorEmail,
  onClose,
}: {
  creatorEmail: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [step, setStep] = useState<Step>('source');
  const [blueprintId, setBlueprintId] = useState<number | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [source, setSource] = useState<SourceState>({ status: 'none' });
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [chosenRole, setChosenRole] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  // D58: "Uitnodiging mailen", on by default.
  const [invite, setInvite] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  const latestRead = useRef(0);
  const blueprintAccess = useBlueprintAccess(blueprintId);
  const access = blueprintAccess.data ? creationAccess(blueprintAccess.data, creatorEmail) : null;
  const roles = blueprintAccess.data?.roles ?? [];
  const studentRole =
    chosenRole !== null && roles.some((role) => role.name === chosenRole)
      ? chosenRole
      : guessStudentRole(roles);
  const check = useImportCheck();
  const run = useImportTrajectories();

  const rows = useMemo(() => {
    if (source.status !== 'read') return [];
    const read = source.source;
    return read.kind === 'oneroster'
      ? read.rows
      : importRows(read.table, mapping ?? guessMapping(read.table.header));
  }, [source, mapping]);
  const body: TrajectoryImport | null =
    blueprintId !== null && access?.ok && studentRole !== null
      ? { blueprintId, access: access.access, studentRole, rows, invite }
      : null;

  // A new step is announced by moving to its heading. The first starts on the blueprint choice, unless
  // that was not ready to take focus when the dialog opened (the blueprints still loading).
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const inside = heading.current?.closest('[role="dialog"]')?.contains(document.activeElement);
      if (step !== 'source' || !inside) heading.current?.focus();
    }, 50);
    return () => window.clearTimeout(timer);
  }, [step]);

  const chooseFiles = async (chosen: File[]) => {
    setFiles(chosen);
    setMapping(null);
    const attempt = ++latestRead.current;
    if (chosen.length === 0) {
      setSource({ status: 'none' });
      return;
    }
    setSource({ status: 'reading' });
    let next: SourceState;
    try {
      const read = await readImportSource(chosen);
      next = { status: 'read', source: read };
      if (read.kind === 'sheet' && attempt === latestRead.current)
        setMapping(guessMapping(read.table.header));
    } catch (error) {
      next = {
        status: 'failed',
        message:
          error instanceof ImportSourceError ? t(error.textKey, error.params) : t('spreadsheet.unreadable'),
      };
    }
    if (attempt === latestRead.current) setSource(next);
  };

  const toPreview = () => {
    if (!body) return;
    run.reset();
    check.mutate(body);
    setStep('preview');
  };
  const next = () => {
    setTried(true);
    if (step === 'source' && blueprintId !== null && access?.ok && source.status === 'read')
      setStep('columns');
    else if (step === 'columns') toPreview();
  };
  const create = () => {
    if (body) run.mutate(body, { onSuccess: () => setStep('done') });
  };

  const problems = run.error ? refusedProblems(run.error) : (check.data?.problems ?? []);
  const runFailure = run.error && refusedProblems(run.error).length === 0 ? errorText(t, run.error) : null;
  const stepNumber = STEPS.indexOf(step) + 1;
  return (
    <GuardedModal
      dirty={step !== 'done' && !run.isPending && (blueprintId !== null || files.length > 0)}
      opened
      onClose={onClose}
      title={t('trajectories.import.title')}
      size="xl"
    >
      <Stack gap="md">
        {/* Focused to announce the step, not to be typed in: no focus ring around a heading. */}
        <Title
          order={3}
          size="h5"
          ref={heading}
          tabIndex={-1}
          data-testid="import-step"
          style={{ outline: 'none' }}
        >
          {t('trajectories.import.step', { step: stepNumber, name: t(`trajectories.import.steps.${step}`) })}
        </Title>
        {step === 'source' ? (
          <>
            <BlueprintField
              value={blueprintId}
              error={tried && blueprintId === null ? t('messages.required') : undefined}
              onChange={(chosen) => {
                setBlueprintId(chosen);
                setChosenRole(null);
              }}
              access={{
                result: access,
                loading: blueprintAccess.isPending && blueprintId !== null,
                failed: blueprintAccess.isError,
              }}
            />
            <FileInput
              label={t('trajectories.import.files')}
              description={t('trajectories.import.filesHelp')}
              placeholder={t('trajectories.import.filesPlaceholder')}
              required
              multiple
              accept={TRAJECTORY_DATA_ACCEPT}
              value={files}
              onChange={(chosen) => void chooseFiles(chosen)}
              clearable
              clearButtonProps={{ 'aria-label': t('trajectories.import.clearFiles') }}
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              error={
                source.status === 'failed'
                  ? source.message
                  : tried && source.status === 'none'
                    ? t('messages.required')
                    : undefined
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <SourceNote source={source} />
          </>
        ) : null}
        {step === 'columns' && source.status === 'read' ? (
          <ColumnsStep
            source={source.source}
            mapping={mapping}
            onMapping={setMapping}
            roles={roles.map((role) => role.name)}
            studentRole={studentRole}
            onStudentRole={setChosenRole}
          />
        ) : null}
        {step === 'preview' ? (
          check.isPending ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t('trajectories.import.checking')}</Text>
            </Group>
          ) : check.isError ? (
            <FailureAlert title={t('trajectories.import.checkFailed')} message={errorText(t, check.error)} />
          ) : (
            <>
              <PreviewStep rows={rows} problems={problems} studentRole={studentRole ?? ''} wide={wide} />
              <Switch
                label={t('trajectories.import.invite')}
                description={t('trajectories.import.inviteHelp')}
                checked={invite}
                onChange={(event) => setInvite(event.currentTarget.checked)}
                disabled={run.isPending}
                data-testid="import-invite"
              />
            </>
          )
        ) : null}
        {step === 'done' ? (
          <Alert color="green" title={t('trajectories.import.created', { count: run.data?.created ?? 0 })}>
            <Text size="sm" data-testid="import-done">
              {t('trajectories.import.createdHelp')}
            </Text>
          </Alert>
        ) : null}
        {step === 'done' && run.data ? <ImportedPeople people={run.data.people} wide={wide} /> : null}
        <FailureAlert title={t('trajectories.import.failed')} message={runFailure} />
        {/* The buttons stay in view under a long preview (500 rows). */}
        <Group justify="flex-end" gap="sm" py="xs" style={STICKY_FOOTER}>
          {step === 'done' ? (
            <Button onClick={onClose}>{t('trajectories.import.close')}</Button>
          ) : (
            <>
              <DialogCancel />
              {step !== 'source' ? (
                <Button
                  variant="default"
                  disabled={run.isPending}
                  onClick={() => setStep(step === 'preview' ? 'columns' : 'source')}
                >
                  {t('trajectories.import.back')}
                </Button>
              ) : null}
              {step === 'preview' ? (
                check.isError ? (
                  <Button onClick={toPreview}>{t('trajectories.import.retry')}</Button>
                ) : (
                  <Button
                    onClick={create}
                    loading={run.isPending}
                    disabled={check.isPending || problems.length > 0 || rows.length === 0}
                  >
                    {t('trajectories.import.create', { count: rows.length })}
                  </Button>
                )
              ) : (
                <Button onClick={next} disabled={source.status === 'reading'}>
                  {t('trajectories.import.next')}
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </GuardedModal>
  );
}

/** What the chosen files gave, or that they are being read. */
function SourceNote({ source }: { source: SourceState }) {
  const { t } = useTranslation();
  if (source.status === 'reading')
    return (
      <Text size="sm" c="dark.4" role="status">
        {t('trajectories.import.reading')}
      </Text>
    );
  if (source.status !== 'read') return null;
  const read = source.source;
  return (
    <Alert color="green" role="status" data-testid="import-source">
      {read.kind === 'sheet'
        ? t('trajectories.import.sheetRead', { name: read.fileName, count: read.table.rows.length })
        : t('trajectories.import.oneRosterRead', {
            count: read.rows.length,
            students: read.students,
            classes: read.classes,
          })}
    </Alert>
  );
}
