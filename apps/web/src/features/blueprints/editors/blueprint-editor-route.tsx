import type { BlueprintDocument, BlueprintType, JsonValue } from '@groeipad/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { InvalidIdNotice, isWholeNumber } from '../../../components/invalid-id-notice';
import { LoadFailure } from '../../../components/load-failure';
import { PageLoader } from '../../../components/page-loader';
import { notifySuccess } from '../../../lib/notify';
import type { DocumentEditor } from '../../../lib/use-document-editor';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBlueprint } from '../api/use-blueprint';
import { useBlueprintContentEditor } from '../api/use-blueprint-content-editor';

/** What every blueprint editor hands to DocumentEditorFrame. */
export interface EditorFrameProps<T extends JsonValue> {
  title: string;
  editor: DocumentEditor<T>;
  onSaved: () => void;
  onClose: () => void;
}

export interface EditorContext<T extends JsonValue> {
  frame: EditorFrameProps<T>;
  blueprint: BlueprintDocument;
}

interface Props<T extends JsonValue> {
  type: BlueprintType;
  /** The screen's name (screens.*), shown while the blueprint's own name is unknown. */
  titleKey: string;
  /** Show nothing at all for an id that is not a whole number (information blueprints, spec part 2 §2). */
  silentInvalidId?: boolean;
  children: (context: EditorContext<T>) => ReactNode;
}

/**
 * The route of a blueprint editor (/blueprints/{type}/{id}): a whole-number id (else invalidDocumentId),
 * the blueprint for its name and abilities, and its content in a document editor that is writable only
 * with the WRITE ability. Saving shows saveDocumentSuccess; closing goes back to /blueprints.
 */
export function BlueprintEditorRoute<T extends JsonValue>({
  type,
  titleKey,
  silentInvalidId,
  children,
}: Props<T>) {
  const { t } = useTranslation();
  const { id } = useParams();
  if (!isWholeNumber(id)) {
    return silentInvalidId ? null : <InvalidId title={t(titleKey)} id={id} />;
  }
  return (
    <LoadedEditor key={id} type={type} id={Number(id)} titleKey={titleKey}>
      {children}
    </LoadedEditor>
  );
}

function InvalidId({ title, id }: { title: string; id: string | undefined }) {
  usePageTitle(title);
  return <InvalidIdNotice title={title} id={id} />;
}

function LoadedEditor<T extends JsonValue>({
  type,
  id,
  titleKey,
  children,
}: Omit<Props<T>, 'silentInvalidId'> & { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const blueprint = useBlueprint(id);
  const editor = useBlueprintContentEditor<T>(type, id, blueprint.data?.abilities.write ?? false);
  const title = blueprint.data?.name ?? t(titleKey);
  usePageTitle(title);

  if (blueprint.isPending) return <PageLoader />;
  if (blueprint.isError || !blueprint.data) {
    return (
      <LoadFailure withReason message={t('loadDocumentError', { document: t(titleKey) })} query={blueprint} />
    );
  }
  if (blueprint.data.type !== type) {
    // The route names another type than the blueprint has: log it and show nothing (never a crash).
    console.error(`blueprint ${id} is a ${blueprint.data.type}, not a ${type}`);
    return null;
  }
  const frame: EditorFrameProps<T> = {
    title,
    editor,
    onSaved: () => notifySuccess(t, t('saveDocumentSuccess')),
    onClose: () => void navigate('/blueprints'),
  };
  return <>{children({ frame, blueprint: blueprint.data })}</>;
}
