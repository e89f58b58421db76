import { BlueprintEditorRoute } from '../editors/blueprint-editor-route';
import { type DashboardContent, DashboardEditor } from '../editors/dashboard/dashboard-editor';

/** /blueprints/dashboards/{id}: the dashboard blueprint editor. */
export function DashboardEditorPage() {
  return (
    <BlueprintEditorRoute<DashboardContent> type="DASHBOARD" titleKey="screens.dashboardEditor">
      {({ frame }) => <DashboardEditor frame={frame} />}
    </BlueprintEditorRoute>
  );
}
