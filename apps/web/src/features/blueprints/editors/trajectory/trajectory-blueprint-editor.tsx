import type { JsonValue, TrajectoryBlueprintContent } from '@groeipad/core';
import { Tabs } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentEditorFrame } from '../../../../components/document-editor-frame';
import { useBlueprintLinks } from '../../api/use-blueprint-links';
import type { EditorFrameProps } from '../blueprint-editor-route';
import { AccessTab } from './access-tab';
import { DashboardTab } from './dashboard-tab';
import { EvaluationTab } from './evaluation-tab';
import { FieldsTab } from './fields-tab';
import { LinkStatesContext } from './link-states';
import { ReportsTab } from './reports-tab';

const TABS = ['dashboard', 'fields', 'evaluation', 'reports', 'access'] as const;
type Tab = (typeof TABS)[number];

type Recipe = (draft: TrajectoryBlueprintContent) => void;

/**
 * The trajectory blueprint editor (spec part 2 §2): tabs dashboard, fields (information), evaluation,
 * reports and access; undo, redo, save and close from the document editor. Editable with WRITE
 * (abilities.write); updating a linked blueprint to its latest version needs ADMIN (abilities.admin).
 */
export function TrajectoryBlueprintEditor({
  id,
  frame,
  admin,
}: {
  id: number;
  frame: EditorFrameProps<JsonValue>;
  admin: boolean;
}) {
  const { t } = useTranslation();
  const links = useBlueprintLinks(id);
  const states = useMemo(
    () => new Map((links.data ?? []).map((entry) => [entry.id, entry.state] as const)),
    [links.data],
  );
  const [search, setSearch] = useSearchParams();
  const { editor } = frame;
  const requested = search.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'dashboard';
  const content = editor.document as unknown as TrajectoryBlueprintContent | null;
  const { change: changeDocument } = editor;
  const change = useCallback(
    (recipe: Recipe) => changeDocument((draft) => recipe(draft as unknown as TrajectoryBlueprintContent)),
    [changeDocument],
  );
  const props = { writable: editor.writable, admin, change };

  return (
    <DocumentEditorFrame {...frame}>
      <LinkStatesContext value={states}>
        {content ? (
          <Tabs
            value={tab}
            onChange={(value) =>
              setSearch(value && value !== 'dashboard' ? { tab: value } : {}, { replace: true })
            }
            keepMounted={false}
          >
            <Tabs.List aria-label={t('trajectoryBlueprintEditor.tabsLabel')}>
              {TABS.map((value) => (
                <Tabs.Tab key={value} value={value}>
                  {t(`trajectoryBlueprintEditor.tabs.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="dashboard" pt="md">
              <DashboardTab content={content} {...props} />
            </Tabs.Panel>
            <Tabs.Panel value="fields" pt="md">
              <FieldsTab content={content} {...props} />
            </Tabs.Panel>
            <Tabs.Panel value="evaluation" pt="md">
              <EvaluationTab content={content} {...props} />
            </Tabs.Panel>
            <Tabs.Panel value="reports" pt="md">
              <ReportsTab content={content} {...props} />
            </Tabs.Panel>
            <Tabs.Panel value="access" pt="md">
              <AccessTab content={content} writable={editor.writable} change={change} />
            </Tabs.Panel>
          </Tabs>
        ) : null}
      </LinkStatesContext>
    </DocumentEditorFrame>
  );
}
