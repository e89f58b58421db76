import { BlueprintEditorRoute } from '../editors/blueprint-editor-route';
import { type FieldsContent, FieldsEditor } from '../editors/fields/fields-editor';

/** /blueprints/information/{id}: the field builder of an information blueprint (a non-numeric id shows nothing). */
export function InformationEditorPage() {
  return (
    <BlueprintEditorRoute<FieldsContent>
      type="INFORMATION"
      titleKey="screens.informationEditor"
      silentInvalidId
    >
      {({ frame }) => <FieldsEditor frame={frame} mentorFields />}
    </BlueprintEditorRoute>
  );
}
