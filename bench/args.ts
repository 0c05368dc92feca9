/** Command-line flags for the benchmark scripts: `--name value`, `--flag`, `--list a,b`. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
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
