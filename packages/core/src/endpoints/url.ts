// No zod here: the sign-in page fills paths with this and stays without zod (ARCHITECTURE "sign-in page weight").

/** `/api/blueprints/:id` with `{id: 3}` → `/api/blueprints/3` (values URI-encoded); the query appended. */
export function endpointUrl(
  path: string,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | boolean | undefined | null> = {},
): string {
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}
