import { DataDirLockedError } from './db/lock.ts';

/**
 * The frame of an operator's command (`npm run credits`, `npm run audit`, wired by scripts/ops.mjs): picks
 * the command, runs it, and turns what goes wrong into the exit code — 2 with the usage for a refused
 * argument (`refused`, or node's own parseArgs errors), 1 for anything else (a database that cannot be
 * opened: the embedded one while the server runs). The process argv is `node <script> [<name>] <command>
 * <options>…`: the name is the one scripts/ops.mjs passes on.
 */
export function runCommandLine(options: {
  name: string;
  usage: string;
  commands: Record<string, (args: string[]) => Promise<void>>;
  refused: (error: unknown) => boolean;
}): void {
  const args = process.argv.slice(2);
  const [command, ...rest] = args[0] === options.name ? args.slice(1) : args;
  const run = command === undefined ? undefined : options.commands[command];
  if (!run || !Object.hasOwn(options.commands, command as string)) {
    console.error(options.usage);
    process.exitCode = 2;
    return;
  }
  run(rest).catch((error: unknown) => {
    const refused =
      options.refused(error) ||
      (error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS'));
    if (refused && error instanceof Error) {
      console.error(`Refused: ${error.message}\n\n${options.usage}`);
      process.exitCode = 2;
      return;
    }
    console.error(
      error instanceof DataDirLockedError || error instanceof Error ? `Failed: ${error.message}` : error,
    );
    process.exitCode = 1;
  });
}
