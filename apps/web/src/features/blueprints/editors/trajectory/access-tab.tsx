import type { TrajectoryBlueprintContent } from '@groeipad/core';
import { AccessEditor } from '../../../../components/access-editor/access-editor';
import { useSession } from '../../../../lib/use-session';
import { useMemberEmails } from '../../api/use-member-emails';

interface Props {
  content: TrajectoryBlueprintContent;
  writable: boolean;
  change: (recipe: (draft: TrajectoryBlueprintContent) => void) => void;
}

/** The access tab: the blueprint's roles and default users in the shared access editor (WRITE edits). */
export function AccessTab({ content, writable, change }: Props) {
  const claims = useSession()?.claims;
  const suggestions = useMemberEmails(claims?.organisation_id ?? null, claims?.user_role ?? null);
  return (
    <AccessEditor
      access={{ roles: content.roles, users: content.users }}
      fields={content.information.fields}
      reportBlueprints={content.reportBlueprints}
      currentUser={claims?.sub ?? ''}
      editable={writable}
      emailSuggestions={suggestions}
      onChange={(recipe) => change((draft) => recipe(draft))}
    />
  );
}
