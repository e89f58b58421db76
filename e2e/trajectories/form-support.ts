import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Tokens } from '../support/accounts';
import { auth } from './detail-support';

/** API set-up and page helpers for e2e/trajectories/form.spec.ts (issue 8, the information form). */

type Response = Awaited<ReturnType<APIRequestContext['post']>>;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} → ${response.status()} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

interface FormField {
  uuid: string;
  name: string;
  type: string;
  children?: FormField[];
}

/** The uuid of every field of a trajectory's form by name (groups descended). */
export async function fieldUuids(
  request: APIRequestContext,
  tokens: Tokens,
  id: number,
): Promise<Record<string, string>> {
  const form = await json<{ fields: FormField[] }>(
    await request.get(`/api/v2/trajectories/${id}/form`, { headers: auth(tokens) }),
  );
  const uuids: Record<string, string> = {};
  const walk = (fields: FormField[]) => {
    for (const field of fields) {
      uuids[field.name] = field.uuid;
      if (field.children) walk(field.children);
    }
  };
  walk(form.fields);
  return uuids;
}

interface Rights {
  write: boolean;
  read: boolean;
  hidden: boolean;
}

/**
 * Gives the Student role of a trajectory its own information rights (as a teacher would in the access
 * section): the teacher's token must hold RIGHTS.
 */
export async function setStudentRights(
  request: APIRequestContext,
  tokens: Tokens,
  id: number,
  informationRights: Record<string, Rights>,
): Promise<void> {
  const access = await json<{ roles: { name: string; informationRights: Record<string, Rights> }[] }>(
    await request.get(`/api/v2/trajectories/${id}/access`, { headers: auth(tokens) }),
  );
  const roles = access.roles.map((role) => (role.name === 'Student' ? { ...role, informationRights } : role));
  await json(
    await request.put(`/api/v2/trajectories/${id}/access`, {
      data: { ...access, roles },
      headers: auth(tokens),
    }),
  );
}

/** The stored form values of a trajectory (as the given user may read them). */
export async function formValues(
  request: APIRequestContext,
  tokens: Tokens,
  id: number,
): Promise<Record<string, unknown>> {
  const form = await json<{ values: Record<string, unknown> }>(
    await request.get(`/api/v2/trajectories/${id}/form`, { headers: auth(tokens) }),
  );
  return form.values;
}

/** A resource's content. */
export async function resourceContent(
  request: APIRequestContext,
  tokens: Tokens,
  id: number,
): Promise<Buffer> {
  const response = await request.get(`/api/resources/${id}/content`, { headers: auth(tokens) });
  expect(response.ok()).toBe(true);
  return response.body();
}

/** The wrapper of one form field, by its name (data-field on the field's element). */
export const formField = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);

/** A text input (textbox or date combobox) by its accessible name. */
export const textInput = (page: Page, name: string) =>
  page.getByRole('textbox', { name, exact: true }).or(page.getByRole('combobox', { name, exact: true }));

/** Waits until the form section shows its fields. */
export async function formShown(page: Page): Promise<void> {
  await expect(page.getByTestId('form-section')).toBeVisible();
}
