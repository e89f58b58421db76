import { BlueprintEditorRoute } from '../editors/blueprint-editor-route';
import {
  type CompetenceListContent,
  CompetenceListEditor,
} from '../editors/competence-list/competence-list-editor';

/** /blueprints/competencelists/{id}: the competence list editor. */
export function CompetenceListEditorPage() {
  return (
    <BlueprintEditorRoute<CompetenceListContent>
      type="COMPETENCE_LIST"
      titleKey="screens.competenceListEditor"
    >
      {({ frame }) => <CompetenceListEditor frame={frame} />}
    </BlueprintEditorRoute>
  );
}
