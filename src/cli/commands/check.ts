/**
 * `groundplan check DOMAIN [PROBLEM] [--json]`: parse and check PDDL files and
 * print every diagnostic as `file:line:col: error|warning [code] message` with
 * the source line. Departures from the standard are judged as VAL does
 * (compat-policy.ts). Exit 0 when there is no error, 1 when errors were found,
 * 2 when a file cannot be read.
 */
import type { Command } from 'commander';
import { formatDiagnostic } from '../../pddl/diagnostics.js';
import type { PddlDiagnostic } from '../../pddl/errors.js';
import { checkDomain } from '../../pddl/parse-domain.js';
import { checkTask } from '../../pddl/check-task.js';
import { readText } from '../read-input.js';

interface CheckCliOptions {
  json?: boolean;
  snippets?: boolean;
}

interface FileReport {
  file: string;
  kind: 'domain' | 'problem';
  name?: string;
  summary?: string;
  text: string;
  diagnostics: PddlDiagnostic[];
}

function sourceLine(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  return text.slice(start, end).replace(/\t/g, ' ').replace(/\r$/, '');
}

function formatReported(r: FileReport, d: PddlDiagnostic, snippets: boolean): string {
  let out = formatDiagnostic({ ...d, span: d.span ? { ...d.span, file: r.file } : undefined }, r.file);
  if (snippets && d.span && d.code !== 'syntax') {
    const line = sourceLine(r.text, d.span.start.offset);
    if (line.trim().length > 0 && line.length <= 160) {
      const num = String(d.span.start.line);
      out += `\n ${num} | ${line}\n ${' '.repeat(num.length)} | ${' '.repeat(Math.max(0, d.span.start.col - 1))}^`;
    }
  }
  return out;
}

function count(ds: PddlDiagnostic[], severity: 'error' | 'warning'): number {
  return ds.filter((d) => d.severity === severity).length;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function register(program: Command): void {
  program
    .command('check')
    .description('parse and check a PDDL domain (and optionally a problem against it); exit 0 ok, 1 errors found, 2 unreadable file')
    .argument('<domain>', 'PDDL domain file')
    .argument('[problem]', 'PDDL problem file, checked against the domain')
    .option('--json', 'print the diagnostics as JSON')
    .option('--no-snippets', 'do not print the source line under each diagnostic')
    .action((domainPath: string, problemPath: string | undefined, opts: CheckCliOptions) => {
      const domainText = readText(domainPath, 'domain');
      const problemText = problemPath !== undefined ? readText(problemPath, 'problem') : undefined;
      const reports: FileReport[] = [];
      // With a problem, both are checked together (constants only the problem declares resolve).
      const tc = problemText !== undefined ? checkTask({ text: domainText, file: domainPath }, { text: problemText, file: problemPath }, 'check') : undefined;
      const dc = tc ? { domain: tc.domain, diagnostics: tc.domainDiagnostics } : checkDomain(domainText, domainPath);
      const d = dc.domain;
      reports.push({
        file: domainPath,
        kind: 'domain',
        name: d?.name,
        summary: d ? `domain '${d.name}': ${plural(d.types.length, 'type')}, ${plural(d.predicates.length, 'predicate')}, ${plural(d.actions.length, 'action')}` : undefined,
        text: domainText,
        diagnostics: dc.diagnostics,
      });
      if (problemPath !== undefined && problemText !== undefined && tc) {
        const pc = { problem: tc.problem, diagnostics: tc.problemDiagnostics };
        const p = pc.problem;
        reports.push({
          file: problemPath,
          kind: 'problem',
          name: p?.name,
          summary: p ? `problem '${p.name}': ${plural(p.objects.length, 'object')}, ${plural(p.init.length, 'initial fact')}` : undefined,
          text: problemText,
          diagnostics: pc.diagnostics,
        });
      }
      const all = reports.flatMap((r) => r.diagnostics);
      const errors = count(all, 'error');
      const warnings = count(all, 'warning');
      if (opts.json) {
        const json = {
          ok: errors === 0,
          errors,
          warnings,
          files: reports.map((r) => ({
            file: r.file,
            kind: r.kind,
            name: r.name ?? null,
            diagnostics: r.diagnostics.map((x) => ({
              severity: x.severity,
              code: x.code,
              message: x.message,
              line: x.span?.start.line ?? null,
              col: x.span?.start.col ?? null,
              endLine: x.span?.end.line ?? null,
              endCol: x.span?.end.col ?? null,
            })),
          })),
        };
        process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
      } else {
        for (const r of reports) for (const x of r.diagnostics) process.stdout.write(`${formatReported(r, x, opts.snippets !== false)}\n`);
        const parts = reports.map((r) => r.summary ?? `${r.file}: not readable as a ${r.kind}`);
        process.stdout.write(`${errors === 0 ? 'ok' : 'failed'}: ${parts.join('; ')} — ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`);
      }
      process.exitCode = errors === 0 ? 0 : 1;
    });
}
