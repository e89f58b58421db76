import { BlueprintEditorRoute } from '../editors/blueprint-editor-route';
import { type FieldsContent, FieldsEditor } from '../editors/fields/fields-editor';

/** /blueprints/reports/{id}: the field builder of a report blueprint, with duplicate. */
export function ReportEditorPage() {
  return (
    <BlueprintEditorRoute<FieldsContent> type="REPORT" titleKey="screens.reportEditor">
      {({ frame }) => <FieldsEditor frame={frame} duplicate />}
    </BlueprintEditorRoute>
  );
}
