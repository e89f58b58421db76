import { BlueprintEditorRoute } from '../editors/blueprint-editor-route';
import { type ExtractContent, ExtractEditor } from '../editors/extract/extract-editor';

/** /blueprints/extracts/{id}: the extract blueprint editor. */
export function ExtractEditorPage() {
  return (
    <BlueprintEditorRoute<ExtractContent> type="EXTRACT" titleKey="screens.extractEditor">
      {({ frame }) => <ExtractEditor frame={frame} />}
    </BlueprintEditorRoute>
  );
}
