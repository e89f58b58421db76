import { FrameworkActions } from '../components/frameworks/framework-actions';
import { BlueprintEditorRoute } from '../editors/blueprint-editor-route';
import {
  type CompetenceListContent,
  CompetenceListEditor,
} from '../editors/competence-list/competence-list-editor';

/** /blueprints/competencelists/{id}: the competence list editor, with its CASE export and new version (D56). */
export function CompetenceListEditorPage() {
  return (
    <BlueprintEditorRoute<CompetenceListContent>
      type="COMPETENCE_LIST"
      titleKey="screens.competenceListEditor"
    >
      {({ frame, blueprint }) => (
        <CompetenceListEditor
          frame={frame}
          actions={
            <FrameworkActions
              blueprint={blueprint}
              dirty={frame.editor.dirty}
              onImported={() => void frame.editor.reload()}
            />
          }
        />
      )}
    </BlueprintEditorRoute>
  );
}
