/**
 * `groundplan report RESULTS... --out DIR`: tables and SVG plots from result
 * directories or `.jsonl` files (one or many suites, e.g. the kitchen and the
 * household benchmarks) written as `DIR/index.md`, a self-contained
 * `DIR/index.html` and `DIR/plots/*.svg`. Folders are searched recursively;
 * the committed bench files found there (planner, POMDP, LLM-DM, household
 * world-model benches, kitchen generator) add their benchmark tables.
 *
 * `groundplan report --update-docs [--results-dir results] [--check]`:
 * regenerates the `<!-- report:ID -->` blocks of README.md and docs/*.md
 * (under `--root`, default the working directory) from the committed rows
 * under the results folder;
 * `--check` only compares and exits 1 when a block differs.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { formatMalformed, readResults } from '../../eval/store.js';
import { benchSections, buildReport, docFiles, findReportInputs, groupRows, updateDocs, writeReport } from '../../eval/report/index.js';
import type { ResultRow } from '../../eval/types.js';
import { canRedraw } from '../terminal.js';

interface ReportOptions {
  out?: string;
  title?: string;
  timing?: boolean;
  json?: boolean;
  updateDocs?: boolean;
  resultsDir: string;
  root: string;
  check?: boolean;
}

/** `--update-docs`: rewrite (or with `--check` compare) the report blocks of README.md and docs/*.md. */
function runUpdateDocs(opts: ReportOptions): void {
  const files = docFiles(resolve(opts.root));
  if (files.length === 0) throw new InputError('CLI_OPTION', `--root ${opts.root}: no README.md or docs/*.md there (the project folder whose report blocks to ${opts.check ? 'check' : 'update'})`);
  const resultsDir = resolve(opts.root, opts.resultsDir);
  const statuses = updateDocs(files, resultsDir, { write: !opts.check });
  if (statuses.length > 0 && !existsSync(resultsDir)) throw new InputError('CLI_OPTION', `--results-dir ${opts.resultsDir}: no such folder under ${opts.root} (the committed result stores)`);
  const stale = statuses.filter((s) => s.status === 'updated');
  if (opts.json) {
    process.stdout.write(`${JSON.stringify({ blocks: statuses })}\n`);
  } else {
    for (const s of statuses) {
      const what = s.status === 'pending' ? `pending (none of its rows in ${s.missing.map((m) => `${opts.resultsDir}/${m}`).join(', ')} yet; left as written)` : s.status === 'current' ? 'matches the rows' : opts.check ? 'DIFFERS from the rows' : 'rewritten from the rows';
      process.stdout.write(`${s.file}:${s.line}: ${s.id}: ${what}\n`);
    }
  }
  if (opts.check && stale.length > 0) process.exitCode = 1;
}

/**
 * Reads every result store (a folder holding results.jsonl, or a .jsonl file of episode rows).
 * A store that repeats episodes of an earlier one (a rerun of the same specs, e.g. before/after a
 * change) is its own run: its rows are reported under the suite `SUITE@STORE`, with a note.
 */
export function loadRows(paths: readonly string[]): { rows: ResultRow[]; warnings: string[]; notes: string[] } {
  const rows: ResultRow[] = [];
  const warnings: string[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    const loaded = readResults(p);
    if (!existsSync(loaded.path)) throw new InputError('REPORT_INPUT', `${p}: no results.jsonl in this directory`);
    warnings.push(...formatMalformed(loaded));
    if (loaded.truncatedTail) warnings.push(`${loaded.path}: the last line is truncated (ignored)`);
    const rerun = loaded.rows.some((r) => seen.has(r.key));
    if (rerun) notes.push(`\`${p}\` repeats episodes of an earlier input: its rows are reported as suites \`…@${p}\``);
    for (const r of loaded.rows) {
      const row = rerun ? { ...r, key: `${r.key}@${p}`, spec: { ...r.spec, suite: `${r.spec.suite}@${p}` } } : r;
      seen.add(row.key);
      rows.push(row);
    }
  }
  return { rows, warnings, notes };
}

export function register(program: Command): void {
  program
    .command('report')
    .description('tables (Markdown, HTML) and SVG plots from benchmark results: success/reward/steps by level and method with standard errors, LLM calls and tokens, planning time')
    .argument('[results...]', 'result directories (holding results.jsonl) or .jsonl files')
    .option('--out <dir>', 'output folder: index.md, index.html, plots/*.svg')
    .option('--update-docs', 'regenerate the <!-- report:ID --> tables of README.md and docs/*.md from the rows under --results-dir')
    .option('--root <dir>', 'with --update-docs: the project folder holding README.md and docs/', '.')
    .option('--results-dir <dir>', 'with --update-docs: the committed result stores (relative to --root)', 'results')
    .option('--check', 'with --update-docs: only compare, exit 1 when a table differs from its rows')
    .option('--title <text>', 'report title')
    .option('--no-timing', 'leave out planning-time columns, the planning plot and time-valued metrics (the rest then depends only on the outcomes)')
    .option('--json', 'print what was written as JSON')
    .action(async (results: string[], opts: ReportOptions) => {
      if (opts.updateDocs) {
        if (results.length > 0 || opts.out !== undefined) throw new InputError('CLI_OPTION', '--update-docs reads --results-dir and takes no RESULTS or --out');
        runUpdateDocs(opts);
        return;
      }
      if (opts.check) throw new InputError('CLI_OPTION', '--check goes with --update-docs');
      if (opts.out === undefined) throw new InputError('CLI_OPTION', "required option '--out <dir>' not specified");
      if (results.length === 0) throw new InputError('CLI_OPTION', 'expected one or more result directories or .jsonl files');
      const out = opts.out;
      const inputs = findReportInputs(results);
      const { rows, warnings, notes } = loadRows(inputs.stores);
      const { sections, unread } = benchSections(inputs.dataFiles);
      for (const f of unread) warnings.push(`${f}: neither a result store nor a benchmark file a report table reads (skipped)`);
      for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
      if (rows.length === 0 && sections.length === 0) throw new InputError('REPORT_INPUT', `no result rows or benchmark files in ${results.join(', ')}`);
      const bar = !opts.json && canRedraw(process.stderr)
        ? new cliProgress.SingleBar({ format: 'plots |{bar}| {value}/{total}', stream: process.stderr, clearOnComplete: true, hideCursor: true }, cliProgress.Presets.shades_classic)
        : undefined;
      let started = false;
      const onProgress = (done: number, total: number): void => {
        if (!bar) return;
        if (!started) bar.start(total, 0);
        started = true;
        bar.update(done);
      };
      const report = await buildReport(rows, {
        onProgress,
        timing: opts.timing !== false,
        preface: [`Inputs: ${results.map((r) => `\`${r}\``).join(', ')}`, ...notes],
        sections,
        ...(opts.title !== undefined ? { title: opts.title } : {}),
      });
      bar?.stop();
      const written = writeReport(out, report);
      const grouped = groupRows(rows);
      const done = rows.filter((r) => r.status === 'done').length;
      if (opts.json) {
        process.stdout.write(`${JSON.stringify({ out: resolve(out), rows: rows.length, done, errors: rows.length - done, suites: grouped.suites, groups: grouped.groups.length, stores: inputs.stores, benchTables: sections.map((s) => s.id), plots: report.plots.map((p) => p.file), files: written, warnings })}\n`);
        return;
      }
      process.stdout.write(`${rows.length} rows (${done} finished, ${rows.length - done} errors) from ${inputs.stores.length} store(s), ${grouped.suites.length} suite(s): ${grouped.suites.join(', ')}\n`);
      for (const n of notes) process.stdout.write(`note: ${n.replace(/`/g, '')}\n`);
      if (sections.length > 0) process.stdout.write(`${sections.length} benchmark table(s) from ${new Set(sections.flatMap((s) => s.files)).size} bench file(s): ${sections.map((s) => s.id).join(', ')}\n`);
      process.stdout.write(`wrote ${resolve(out, 'index.html')}, index.md and ${report.plots.length} plots in ${resolve(out, 'plots')}\n`);
    });
}
