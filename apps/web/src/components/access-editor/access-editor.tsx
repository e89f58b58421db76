import { deleteRole, type Field, normaliseEmail, type TrajectoryRole } from '@groeipad/core';
import { Alert, List, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../lib/notify';
import {
  type AccessDocument,
  type AccessRecipe,
  emptyRole,
  losesOwnRightsAdmin,
  problemsByUser,
} from './access-change';
import { DefaultUsers } from './default-users';
import { RoleList } from './role-list';
import { type ReportBlueprintFields, RoleRights } from './role-rights';

export type { AccessDocument, AccessRecipe } from './access-change';
export type { ReportBlueprintFields } from './role-rights';

export interface AccessEditorProps {
  /** Roles and users (core zTrajectoryRole / zTrajectoryUserAccess). */
  access: AccessDocument;
  /** The information form's field tree (per-field rights). */
  fields: readonly Field[];
  /** The report blueprints whose rights are set per report and per field. */
  reportBlueprints: readonly ReportBlueprintFields[];
  /** The signed-in user's e-mail: their own row is locked and they cannot revoke their own rights admin. */
  currentUser: string;
  editable: boolean;
  /** E-mail addresses offered when adding a user (e.g. the organisation's members). */
  emailSuggestions?: readonly string[];
  /** Told the text typed in the new user's e-mail box (for suggestions asked from the server). */
  onEmailQuery?: (text: string) => void;
  /** The sentence under the users' heading (default: the blueprint's, about new trajectories). */
  usersHint?: string;
  /** Applies a change (immer recipe); the host's document editor gives undo and redo. */
  onChange: (recipe: AccessRecipe) => void;
  /** The level of the section headings (2 by default). */
  headingOrder?: TitleOrder;
}

/**
 * The roles-and-rights editor (spec part 1 §2 "Access section", part 2 §2): roles with their rights in
 * four sub-tabs, and the default users with their roles. Every change goes through `onChange`; one that
 * would take the rights-admin right from the current user is refused with canNotRevokeRight. The
 * validity of the list (core accessProblems) shows as noAdmin, duplicateUser and userWithoutRight.
 * Used by the trajectory blueprint editor and the trajectory access section.
 */
export function AccessEditor({
  access,
  fields,
  reportBlueprints,
  currentUser,
  editable,
  emailSuggestions = [],
  onEmailQuery,
  usersHint,
  onChange,
  headingOrder = 2,
}: AccessEditorProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const role = access.roles.find((entry) => entry.name === chosen) ?? access.roles[0] ?? null;
  const problems = useMemo(() => problemsByUser(access), [access]);
  const allProblems = [...problems.general, ...[...problems.byIndex.values()].flat()];

  /** False (with the canNotRevokeRight message) when the change would take the own rights admin away. */
  const allowed = (recipe: AccessRecipe) => {
    if (!losesOwnRightsAdmin(access, recipe, currentUser)) return true;
    notifyFailure(t, t('accessEditor.refused'), t('canNotRevokeRight'));
    return false;
  };
  const apply = (recipe: AccessRecipe) => {
    if (editable && allowed(recipe)) onChange(recipe);
  };
  const removeRole = (name: string) => (draft: AccessDocument) => {
    const next = deleteRole({ roles: draft.roles, users: draft.users }, name);
    draft.roles = next.roles;
    draft.users = next.users;
  };
  const changeRole = (name: string) => (recipe: (role: TrajectoryRole) => void) =>
    apply((draft) => {
      const target = draft.roles.find((entry) => entry.name === name);
      if (target) recipe(target);
    });

  return (
    <Stack gap="lg">
      {allProblems.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          // The orange title on the light background is too faint (WCAG AA): dark text instead.
          styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          icon={<IconAlertTriangle size={18} />}
          title={t('accessEditor.problemsTitle')}
        >
          <List size="sm" spacing={2}>
            {allProblems.map((problem) => (
              <List.Item key={'index' in problem ? `${problem.code}-${problem.index}` : problem.code}>
                {'user' in problem
                  ? t('accessEditor.userProblem', {
                      user: problem.user,
                      message: t(`messages.${problem.code}`),
                    })
                  : t(`messages.${problem.code}`)}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Title order={headingOrder} size="h4">
            {t('accessEditor.rolesTitle')}
          </Title>
          <RoleList
            roles={access.roles}
            users={access.users}
            selected={role?.name ?? null}
            onSelect={setChosen}
            editable={editable}
            onAdd={(name) => {
              apply((draft) => {
                draft.roles.push(emptyRole(name));
              });
              setChosen(name.trim());
            }}
            mayDelete={(name) => editable && allowed(removeRole(name))}
            onDelete={(name) => apply(removeRole(name))}
          />
        </Stack>
      </Paper>

      {role ? (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Title order={headingOrder} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {t('accessEditor.rightsOf', { role: role.name })}
            </Title>
            <RoleRights
              role={role}
              fields={fields}
              reportBlueprints={reportBlueprints}
              editable={editable}
              onRole={changeRole(role.name)}
            />
          </Stack>
        </Paper>
      ) : null}

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Title order={headingOrder} size="h4">
            {t('accessEditor.usersTitle')}
          </Title>
          <Text size="sm" c="dark.4">
            {usersHint ?? t('accessEditor.usersHint')}
          </Text>
          <DefaultUsers
            roles={access.roles}
            users={access.users}
            currentUser={currentUser}
            editable={editable}
            suggestions={emailSuggestions}
            onEmailQuery={onEmailQuery}
            problems={problems.byIndex}
            onAdd={(email, roles) =>
              apply((draft) => {
                draft.users.push({ user: normaliseEmail(email), roles });
              })
            }
            onRoles={(user, roles) =>
              apply((draft) => {
                const entry = draft.users.find((candidate) => candidate.user === user);
                if (entry) entry.roles = roles;
              })
            }
            onRemove={(user) =>
              apply((draft) => {
                draft.users = draft.users.filter((candidate) => candidate.user !== user);
              })
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
