import type { JsonValue } from '@groeipad/core';
import { BlueprintEditorRoute } from '../editors/blueprint-editor-route';
import { TrajectoryBlueprintEditor } from '../editors/trajectory/trajectory-blueprint-editor';

/** /blueprints/trajectories/{id}: the trajectory blueprint editor. */
export function TrajectoryBlueprintEditorPage() {
  return (
    <BlueprintEditorRoute<JsonValue> type="TRAJECTORY" titleKey="screens.trajectoryBlueprintEditor">
      {({ frame, blueprint }) => (
        <TrajectoryBlueprintEditor id={blueprint.id} frame={frame} admin={blueprint.abilities.admin} />
      )}
    </BlueprintEditorRoute>
  );
}
