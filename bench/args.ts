/**
 * Command-line flags for the benchmark scripts: `--name value`, `--flag`, `--list a,b`.
 * Each script declares its flags first (`commandLine`): `--help` prints the usage and
 * exits 0; an unknown flag, a flag without its value or an unexpected argument is one
 * `error: ...` line on stderr and exit 2 (bad input), never a stack trace.
 */

export interface FlagSpec {
  /** Without the dashes. */
  name: string;
  /** The value's placeholder (`N`, `a,b`, `FILE`); absent for a switch. */
  value?: string;
  help: string;
}

export interface CommandSpec {
  /** How the script is run, e.g. `npm run bench:pomdp --`. */
  command: string;
  /** What it does, in a line or two. */
  about: string;
  flags: readonly FlagSpec[];
  /** Positional arguments it takes (none when absent). */
  positional?: { name: string; help: string; max: number };
}

/** A command line the script cannot run with. */
export class UsageError extends Error {}

export function usage(spec: CommandSpec): string {
  const pos = spec.positional ? ` ${spec.positional.name}` : '';
  const rows: Array<[string, string]> = spec.flags.map((f) => [`--${f.name}${f.value ? ` ${f.value}` : ''}`, f.help]);
  if (spec.positional) rows.unshift([spec.positional.name, spec.positional.help]);
  rows.push(['--help', 'print this text']);
  const width = Math.max(...rows.map(([k]) => k.length));
  return [`usage: ${spec.command} [flags]${pos}`, '', spec.about, '', ...rows.map(([k, h]) => `  ${k.padEnd(width)}  ${h}`), ''].join('\n');
}

/** Checks `argv` against the spec: 'help' when asked for it; throws UsageError otherwise when it does not fit. */
export function checkArgs(argv: readonly string[], spec: CommandSpec): 'help' | undefined {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const byName = new Map(spec.flags.map((f) => [f.name, f]));
  let positional = 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('-')) {
      if (++positional > (spec.positional?.max ?? 0)) throw new UsageError(`unexpected argument '${a}'`);
      continue;
    }
    const f = byName.get(a.replace(/^--?/, ''));
    if (!f) {
      const eq = /^--([^=]+)=/.exec(a);
      if (eq && byName.get(eq[1])?.value) throw new UsageError(`write --${eq[1]} ${byName.get(eq[1])?.value} (a space, not '=')`);
      throw new UsageError(`unknown flag ${a}`);
    }
    if (!f.value) continue;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new UsageError(`--${f.name} needs a value (${f.value})`);
    i++;
  }
  return undefined;
}

/** Prints `error: <message> (see --help)` and exits 2. */
export function usageFail(message: string): never {
  process.stderr.write(`error: ${message} (see --help)\n`);
  process.exit(2);
}

/** The script's command line, checked (see the file comment); call it before reading any flag. */
export function commandLine(spec: CommandSpec, argv: readonly string[] = process.argv.slice(2)): void {
  try {
    if (checkArgs(argv, spec) === 'help') {
      process.stdout.write(usage(spec));
      process.exit(0);
    }
  } catch (err) {
    if (err instanceof UsageError) usageFail(err.message);
    throw err;
  }
}

export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A numeric flag's value (`dflt` when absent); a value that is not a number is a usage error. */
export function num(name: string, dflt: number): number {
  const v = arg(name);
  if (v === undefined) return dflt;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) usageFail(`--${name} needs a number, not '${v}'`);
  return n;
}

export function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

export function list(name: string, dflt: string): string[] {
  return (arg(name) ?? dflt)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
