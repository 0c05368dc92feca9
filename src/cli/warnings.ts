/** Prints the first `limit` warnings of a run, then how many more there are (and where, when they are saved). */
export function writeWarnings(out: NodeJS.WritableStream, warnings: readonly string[], limit: number, savedIn?: string): void {
  for (const w of warnings.slice(0, limit)) out.write(`warning: ${w}\n`);
  if (warnings.length > limit) out.write(`(${warnings.length - limit} more warnings${savedIn ? ` in ${savedIn}` : ''})\n`);
}
