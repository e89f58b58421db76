import type { TrajectoryInfo } from '@groeipad/core';
import { ScrollArea, Stack, Tabs } from '@mantine/core';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDiscard } from '../../../../components/confirm-discard';
import { PageLoader } from '../../../../components/page-loader';
import { UnsavedGuard } from '../../../../components/unsaved-guard';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid';
import { lazyPage } from '../../../../lib/lazy-page';
import { notifyApiFailure, notifySuccess } from '../../../../lib/notify';
import {
  type SectionEditor,
  TrajectoryEditContext,
  type TrajectoryEditSession,
} from '../../shared/edit-session';
import { useUpdateTrajectory } from '../api/use-update-trajectory';
import {
  type HeaderDraft,
  headerChanges,
  headerDraftOf,
  headerProblems,
  mayUpdateBlueprint,
  saveState,
} from '../edit-rules';
import { sectionPath, type TrajectorySection, visibleSections } from '../sections';
import { ComingSoonSection } from './coming-soon-section';
import { DescriptionPanel } from './description-panel';
import { DetailHeader } from './detail-header';
import classes from './detail-header.module.css';
import { InactiveBanner } from './inactive-banner';
import { InviteMentorDialog } from './invite-mentor-dialog';
import { SaveBar } from './save-bar';
import { UpdateDialog } from './update-dialog';

const FormSection = lazyPage(() => import('../../form/form-section'), 'FormSection');
const AccessSection = lazyPage(() => import('./access-section'), 'AccessSection');
const EvaluationSection = lazyPage(() => import('../../evaluation/evaluation-section'), 'EvaluationSection');
const ReportsSection = lazyPage(() => import('../../reports/reports-section'), 'ReportsSection');
const DashboardSection = lazyPage(() => import('../../dashboard/dashboard-section'), 'DashboardSection');

interface Props {
  trajectory: TrajectoryInfo;
  section: TrajectorySection;
}

/**
 * The detail frame (spec part 1 §2, §4 "Trajectory edit"): header, description area, section tabs
 * (links to /trajectory/{id}/{section}) and the section, with the edit session the sections share
 * (shared/edit-session.ts). Save sends the header's title and description when changed, then the
 * registered section's changes; it is possible only when something changed and all is valid.
 */
export function DetailFrame({ trajectory, section }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateTrajectory(trajectory.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<HeaderDraft>(() => headerDraftOf(trajectory));
  const [filter, setFilter] = useState('');
  const [sectionEditor, setSectionEditor] = useState<SectionEditor | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [invitingMentor, setInvitingMentor] = useState(false);

  // What the user may do here is the server's judgement, sent with the trajectory (its abilities).
  const mayEdit = trajectory.abilities.edit;
  const metadata = trajectory.abilities.updateMetadata;
  const changes = editing && metadata ? headerChanges(trajectory, draft) : null;
  const problems = editing && metadata ? headerProblems(trajectory, draft) : {};
  const header = { dirty: changes !== null, valid: Object.keys(problems).length === 0 };
  const sectionPart =
    editing && sectionEditor ? { dirty: sectionEditor.dirty, valid: sectionEditor.valid } : null;
  const { dirty, canSave } = saveState([header, sectionPart]);
  const headerProblemCount = Object.keys(problems).length;
  const problemCount = headerProblemCount + (editing && sectionEditor ? (sectionEditor.problems ?? 0) : 0);
  // The save bar's link: every error shown, then to the first field in error (header or section).
  const reveal = () => {
    sectionEditor?.reveal?.();
    focusFirstInvalid();
  };

  const stopEditing = useCallback(() => {
    setEditing(false);
    setConfirming(false);
  }, []);
  const discard = useCallback(() => {
    sectionEditor?.discard();
    stopEditing();
  }, [sectionEditor, stopEditing]);

  // Editing is never offered while expired (D12): it stops when the trajectory expires meanwhile.
  useEffect(() => {
    if (!mayEdit) setEditing(false);
  }, [mayEdit]);

  const startEditing = useCallback(() => {
    setDraft(headerDraftOf(trajectory));
    setEditing(true);
  }, [trajectory]);

  const session = useMemo<TrajectoryEditSession>(
    () => ({ trajectory, editing, filter, registerSection: setSectionEditor, startEditing }),
    [trajectory, editing, filter, startEditing],
  );

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    try {
      if (changes) await update.mutateAsync(changes);
      const saved = sectionEditor?.dirty ? await sectionEditor.save() : true;
      if (!saved) return;
      stopEditing();
      // Kept on this device (offline drafts): the section said so, nothing is saved yet.
      if (saved !== 'onDevice') notifySuccess(t, t('saveDocumentSuccess'));
    } catch (error) {
      notifyApiFailure(t, t('saveDocumentFailure'), error);
    } finally {
      setSaving(false);
    }
  };
  const cancel = () => {
    if (dirty) setConfirming(true);
    else discard();
  };

  return (
    <TrajectoryEditContext.Provider value={session}>
      <UnsavedGuard dirty={dirty} onLeave={discard}>
        <Stack gap="md">
          <DetailHeader
            name={trajectory.name}
            draft={draft}
            problems={problems}
            onDraft={setDraft}
            titleEditable={metadata}
            editing={editing}
            mayEdit={mayEdit}
            onEdit={startEditing}
            mayInviteMentor={trajectory.abilities.inviteMentor}
            onInviteMentor={() => setInvitingMentor(true)}
            filter={filter}
            onFilter={setFilter}
            trajectoryId={trajectory.id}
            mayExtract={trajectory.abilities.progressReport}
          />
          {editing ? (
            <SaveBar
              dirty={dirty}
              canSave={canSave}
              saving={saving}
              problems={problemCount}
              onSave={() => void save()}
              onCancel={cancel}
              onReveal={reveal}
            />
          ) : null}
          {trajectory.expired ? <InactiveBanner trajectory={trajectory} /> : null}
          <DescriptionPanel
            trajectory={trajectory}
            draft={editing && metadata ? draft : headerDraftOf(trajectory)}
            problems={problems}
            onDraft={setDraft}
            editable={editing && metadata}
            mayUpdate={mayUpdateBlueprint(trajectory, editing)}
            onUpdate={() => setUpdating(true)}
          />
          <Tabs
            value={section}
            onChange={(value) => {
              if (value && value !== section)
                void navigate(sectionPath(trajectory.id, value as TrajectorySection));
            }}
            keepMounted={false}
          >
            <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x" className={classes.noPrint}>
              <Tabs.List aria-label={t('trajectories.detail.sections')} style={{ flexWrap: 'nowrap' }}>
                {visibleSections(trajectory.hasDashboard).map((name) => (
                  <Tabs.Tab key={name} value={name} style={{ whiteSpace: 'nowrap' }}>
                    {t(`trajectories.detail.tabs.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </ScrollArea>
            {visibleSections(trajectory.hasDashboard).map((name) => (
              <Tabs.Panel key={name} value={name} pt="md">
                {name === section ? (
                  <Suspense fallback={<PageLoader />}>
                    <SectionContent section={name} />
                  </Suspense>
                ) : null}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Stack>
        <ConfirmDiscard opened={confirming} onStay={() => setConfirming(false)} onDiscard={discard} />
        <UpdateDialog trajectoryId={trajectory.id} opened={updating} onClose={() => setUpdating(false)} />
        {invitingMentor ? (
          <InviteMentorDialog
            trajectories={[{ id: trajectory.id, name: trajectory.name }]}
            opened
            onClose={() => setInvitingMentor(false)}
          />
        ) : null}
      </UnsavedGuard>
    </TrajectoryEditContext.Provider>
  );
}

function SectionContent({ section }: { section: TrajectorySection }) {
  if (section === 'access') return <AccessSection />;
  if (section === 'form') return <FormSection />;
  if (section === 'evaluation') return <EvaluationSection />;
  if (section === 'reports') return <ReportsSection />;
  if (section === 'dashboard') return <DashboardSection />;
  return <ComingSoonSection section={section} />;
}
