import {
  businessToday,
  codedName,
  DEFAULT_BUSINESS_TIME_ZONE,
  type MentorAssessment,
  mentorEndpoints,
  showDate,
} from '@groeipad/core';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCircleCheck, IconDeviceFloppy, IconDeviceMobile } from '@tabler/icons-react';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodedName } from '../../../components/competence/coded-name';
import { CriteriaToggle } from '../../../components/competence/criteria-list';
import { ApiError } from '../../../lib/api-error';
import { callEndpoint } from '../../../lib/endpoint-client';
import { notifySuccess } from '../../../lib/notify';
import {
  draftOperations,
  isNetworkFailure,
  isOnline,
  notifyDraftsSent,
  notifyKeptOnDevice,
  OfflineDraftsNotice,
  uploadReference,
  useOfflineDrafts,
} from '../../../lib/offline-drafts';
import { type ScoreChoice, scoreChip, scoreChoices } from '../../trajectories/index';
import { mentorDraftQueue, mentorIdentity, mentorTransport } from '../mentor-drafts';
import {
  latestScore,
  type MentorChoice,
  type MentorPhoto,
  mentorCompetences,
  mentorPatch,
  unsentScores,
} from '../mentor-entries';
import classes from './assessment.module.css';
import { PhotoPicker } from './photo-picker';

interface Props {
  assessment: MentorAssessment;
  version: number;
  /** Reads the assessment again (after a save, or when someone else saved first). */
  reload: () => Promise<{ assessment: MentorAssessment; version: number } | null>;
  /** The session ended (the link revoked or expired, opened on another device, idle): the server's key. */
  onEnded: (key: string) => void;
}

function ScoreButton({
  choice,
  chosen,
  onChoose,
}: {
  choice: ScoreChoice;
  chosen: boolean;
  onChoose: () => void;
}) {
  return (
    <UnstyledButton
      className={classes.score}
      data-chosen={chosen || undefined}
      aria-pressed={chosen}
      onClick={onChoose}
      style={{ '--score-colour': choice.colour, '--score-text': choice.textColour } as React.CSSProperties}
    >
      <span className={classes.number}>{choice.score}</span>
      <span className={classes.name}>{choice.name}</span>
    </UnstyledButton>
  );
}

/**
 * The mentor's page (issue 23), made for a phone: the competences grouped under their clusters, one tap per
 * score (colour, number and name, never colour alone), an optional remark, and one save for all chosen.
 */
export function Assessment({ assessment, version, reload, onEnded }: Props) {
  const { t } = useTranslation();
  const evaluation = assessment.evaluation;
  const competences = useMemo(() => (evaluation ? mentorCompetences(evaluation.criteria) : []), [evaluation]);
  const choices = useMemo(() => (evaluation ? scoreChoices(evaluation) : []), [evaluation]);
  const [chosen, setChosen] = useState<Record<string, MentorChoice>>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = Object.keys(chosen).length;
  const drafts = useOfflineDrafts(assessment.trajectory.id, mentorIdentity(assessment.mentor.email), {
    queue: mentorDraftQueue(),
    onSent: (result) => {
      notifyDraftsSent(t, result);
      void reload();
    },
  });

  const photos = Object.values(chosen).flatMap((choice) => choice.photos);

  // Issue 31: the scores kept on this device, per competence, marked on their cards until sent; once the
  // queue sent them, marked "verstuurd" (until the mentor scores that competence again).
  const unsent = useMemo(() => unsentScores(drafts.drafts), [drafts.drafts]);
  const [sent, setSent] = useState<ReadonlyMap<string, number>>(new Map());
  const previousUnsent = useRef(unsent);
  const sentSomething = (drafts.lastResult?.sent ?? 0) > 0;
  useEffect(() => {
    const gone = [...previousUnsent.current].filter(([uuid]) => !unsent.has(uuid));
    previousUnsent.current = unsent;
    if (gone.length > 0 && sentSomething) setSent((current) => new Map([...current, ...gone]));
  }, [unsent, sentSomething]);
  // A draft the server refused because the session ended (another device, idle, revoked): the page says why.
  const endedKey = drafts.lastError?.status === 401 ? drafts.lastError.key : null;
  useEffect(() => {
    if (endedKey) onEnded(endedKey);
  }, [endedKey, onEnded]);
  const scoreLabel = (score: number) => {
    const chip = evaluation ? scoreChip(evaluation, { score: String(score) }) : null;
    return chip ? `${chip.score} ${chip.name}` : String(score);
  };

  /**
   * Keeps the choices on this device (IndexedDB) until the connection returns: nothing typed is lost. The
   * photos go with them; the entries name them by reference until the queue has uploaded them.
   */
  const keep = async () => {
    if (!evaluation) return;
    const patch = mentorPatch(competences, chosen, new Date(), (photo) => uploadReference(photo.key));
    await drafts.enqueue({
      operations: draftOperations(evaluation, patch),
      baseVersion: version,
      editDate: businessToday(DEFAULT_BUSINESS_TIME_ZONE),
      uploads: photos.map((photo) => ({
        key: photo.key,
        file: photo.file,
        name: photo.file.name,
        mediaType: photo.file.type,
      })),
    });
    setChosen({});
    notifyKeptOnDevice(t);
  };

  const choose = (uuid: string, score: number) => {
    setSent((current) => {
      if (!current.has(uuid)) return current;
      const next = new Map(current);
      next.delete(uuid);
      return next;
    });
    setChosen((current) => ({
      ...current,
      [uuid]: { remark: current[uuid]?.remark ?? '', photos: current[uuid]?.photos ?? [], score },
    }));
  };
  const setPhotos = (uuid: string, list: MentorPhoto[]) =>
    setChosen((current) =>
      current[uuid] ? { ...current, [uuid]: { ...current[uuid], photos: list } } : current,
    );
  const remark = (uuid: string, text: string) =>
    setChosen((current) =>
      current[uuid] ? { ...current, [uuid]: { ...current[uuid], remark: text } } : current,
    );

  const save = async () => {
    if (pending === 0) return;
    setSaving(true);
    setError(null);
    // Offline, or drafts still waiting (their order holds): kept here and sent when the connection returns.
    if (!isOnline() || drafts.pending > 0) {
      await keep();
      setSaving(false);
      return;
    }
    let base = { list: competences, version };
    try {
      // The photos first: each entry names its photos by their ids.
      const ids = new Map<string, string>();
      for (const photo of photos)
        ids.set(
          photo.key,
          String(await mentorTransport.upload(photo.file, photo.file.name, photo.file.type)),
        );
      const idOf = (photo: MentorPhoto) => ids.get(photo.key) ?? '';
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          await callEndpoint(mentorEndpoints.saveEvaluation, {
            body: mentorPatch(base.list, chosen, new Date(), idOf),
            ifMatch: base.version,
          });
          setChosen({});
          await reload();
          notifySuccess(t, t('mentor.saved', { count: pending }));
          return;
        } catch (caught) {
          // A teacher saved in between (D29): the entries are additions, so they go on the newer version.
          if (!(caught instanceof ApiError && caught.isStale) || attempt > 0) throw caught;
          const fresh = await reload();
          if (!fresh?.assessment.evaluation) throw caught;
          base = { list: mentorCompetences(fresh.assessment.evaluation.criteria), version: fresh.version };
        }
      }
    } catch (caught) {
      if (isNetworkFailure(caught)) await keep();
      else if (caught instanceof ApiError && caught.status === 401) onEnded(caught.key);
      else if (caught instanceof ApiError && caught.key === 'expiredTrajectory')
        setError(t('mentor.expired'));
      else setError(t('mentor.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  let group: string | null = null;
  const showBar = pending > 0 || unsent.size > 0 || sent.size > 0;
  return (
    <Stack gap="md" pb={showBar ? (pending > 0 && unsent.size > 0 ? 128 : 96) : 'md'}>
      <Box>
        <Title order={1} size="h2">
          {assessment.trajectory.name}
        </Title>
        <Text c="dark.4">
          {t('mentor.as', { role: assessment.mentor.role, organisation: assessment.organisation })}
        </Text>
        <Text size="sm" c="dark.4">
          {t('mentor.validUntil', { date: showDate(assessment.expiresAt) })}
        </Text>
      </Box>
      <OfflineDraftsNotice drafts={drafts} />
      {!evaluation ? <Alert color="gray">{t('mentor.noEvaluation')}</Alert> : null}
      {evaluation && !assessment.canWrite ? <Alert color="gray">{t('mentor.readOnly')}</Alert> : null}
      {competences.map((competence) => {
        const heading = competence.group !== group && competence.group ? competence.group : null;
        group = competence.group;
        const latest = evaluation ? scoreChip(evaluation, competence.cell.latest) : null;
        const choice = chosen[competence.uuid];
        const nameId = `mentor-competence-${competence.uuid}`;
        return (
          <Fragment key={competence.uuid}>
            {heading ? (
              <Title order={2} size="h4" mt="sm">
                {heading}
              </Title>
            ) : null}
            <Card withBorder radius="md" padding="sm" component="section" aria-labelledby={nameId}>
              <Stack gap="xs">
                <Text id={nameId} fw={600}>
                  <CodedName code={competence.code} name={competence.name} />
                </Text>
                <CriteriaToggle criteria={competence.criteria ?? []} name={codedName(competence)} />
                <Group gap={6}>
                  {latest && latestScore(competence.cell.latest) !== null ? (
                    <Badge
                      variant="filled"
                      tt="none"
                      size="lg"
                      h="auto"
                      py={4}
                      style={{ background: latest.colour, color: latest.textColour }}
                      styles={{ label: { whiteSpace: 'normal' } }}
                      radius="sm"
                    >
                      {t('mentor.latest', { score: `${latest.score} ${latest.name}` })}
                      {competence.cell.latest?.date ? ` · ${competence.cell.latest.date}` : ''}
                    </Badge>
                  ) : (
                    <Text size="sm" c="dark.4">
                      {t('mentor.notScored')}
                    </Text>
                  )}
                  {latest && latestScore(competence.cell.latest) !== null && competence.cell.latest?.rater ? (
                    <Text size="sm" c="dark.4" data-testid="mentor-latest-rater">
                      {t('mentor.latestBy', {
                        name: competence.cell.latest.rater.name || competence.cell.latest.rater.role,
                        role: competence.cell.latest.rater.role,
                      })}
                    </Text>
                  ) : null}
                </Group>
                {unsent.has(competence.uuid) ? (
                  <Group gap={6} wrap="nowrap" data-testid="mentor-unsent" className={classes.unsent}>
                    <IconDeviceMobile size={18} aria-hidden />
                    <Text size="sm" fw={600}>
                      {t('mentor.unsent', { score: scoreLabel(unsent.get(competence.uuid)!) })}
                    </Text>
                  </Group>
                ) : sent.has(competence.uuid) ? (
                  <Group gap={6} wrap="nowrap" data-testid="mentor-sent" className={classes.sent}>
                    <IconCircleCheck size={18} aria-hidden />
                    <Text size="sm" fw={600}>
                      {t('mentor.sent', { score: scoreLabel(sent.get(competence.uuid)!) })}
                    </Text>
                  </Group>
                ) : null}
                {assessment.canWrite ? (
                  <SimpleGrid
                    cols={{ base: 2, xs: Math.min(choices.length, 4) }}
                    spacing={8}
                    role="group"
                    aria-label={t('mentor.scoreFor', { competence: codedName(competence) })}
                  >
                    {choices.map((option) => (
                      <ScoreButton
                        key={option.score}
                        choice={option}
                        chosen={choice?.score === option.score}
                        onChoose={() => choose(competence.uuid, option.score)}
                      />
                    ))}
                  </SimpleGrid>
                ) : null}
                {choice ? (
                  <Textarea
                    label={t('mentor.remark')}
                    autosize
                    minRows={2}
                    maxLength={5000}
                    value={choice.remark}
                    onChange={(event) => remark(competence.uuid, event.currentTarget.value)}
                  />
                ) : null}
                {choice ? (
                  <PhotoPicker
                    competence={codedName(competence)}
                    photos={choice.photos}
                    onChange={(list) => setPhotos(competence.uuid, list)}
                  />
                ) : null}
              </Stack>
            </Card>
          </Fragment>
        );
      })}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {showBar ? (
        <Paper className={classes.saveBar} shadow="md" p="sm" withBorder>
          <Stack gap={6} maw={720} mx="auto">
            {/* Issue 31: how many scores wait on this device, where the mentor looks; "verstuurd" once sent. */}
            <Box role="status" data-testid="mentor-queue">
              {unsent.size > 0 ? (
                <Group gap={6} wrap="nowrap" className={classes.unsent}>
                  <IconDeviceMobile size={18} aria-hidden />
                  <Text size="sm" fw={600}>
                    {t('mentor.unsentCount', { count: unsent.size })}
                  </Text>
                </Group>
              ) : sent.size > 0 ? (
                <Group gap={6} wrap="nowrap" className={classes.sent}>
                  <IconCircleCheck size={18} aria-hidden />
                  <Text size="sm" fw={600}>
                    {t('mentor.sentCount', { count: sent.size })}
                  </Text>
                </Group>
              ) : null}
            </Box>
            {pending > 0 ? (
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm">{t('mentor.pending', { count: pending })}</Text>
                <Button
                  size="md"
                  leftSection={<IconDeviceFloppy size={20} />}
                  loading={saving}
                  onClick={() => void save()}
                >
                  {t('common.save')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
