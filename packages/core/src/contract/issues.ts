/**
 * The message key of a zod issue. zod 4 reports a record key's own problem (a key too long, a key
 * that is not an ISO timestamp) inside an `invalid_key` issue whose message is "Invalid key in
 * record"; the key's own message is the one the client must get.
 */
export function issueMessage(issue: {
  code?: string;
  message: string;
  issues?: readonly { message: string }[];
}): string {
  if (issue.code === 'invalid_key' && issue.issues?.[0]) return issue.issues[0].message;
  return issue.message;
}
