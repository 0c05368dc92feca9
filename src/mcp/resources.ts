/**
 * The server's resources: the bundled demo inputs (the kitchen-tidy PDDL
 * domain and problem of data/demo; a small home scene graph with a goal and a
 * flawed plan for the household tools) and the documentation an agent needs
 * to write supported PDDL (docs/pddl.md: the subset and the compatibility
 * policy) and to use the tools (docs/mcp.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { testSceneJson } from '../scenegraph/fixtures.js';

/** The package root: the nearest folder above this module with a package.json (works from src/ and dist/src/). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('groundplan: cannot find the package root (no package.json above the mcp module)');
    dir = up;
  }
}

/** The household demo: put the apple (in the closed fridge) on the living-room table. */
export const HOUSEHOLD_DEMO = {
  goal: 'on_top(apple, table)\nnot open(fridge)\n',
  /** A plan an LLM might write: it forgets to open the fridge (and so to close it). */
  plan: 'NavigateTo(fridge)\nGrasp(apple)\nNavigateTo(table)\nPlaceOnTop(apple, table)\n',
};

interface DemoResource {
  name: string;
  uri: string;
  title: string;
  description: string;
  mimeType: string;
  read: () => string;
}

function fileResource(name: string, uri: string, title: string, description: string, mimeType: string, path: string): DemoResource {
  return { name, uri, title, description, mimeType, read: () => readFileSync(join(packageRoot(), path), 'utf8') };
}

export const RESOURCES: readonly DemoResource[] = [
  fileResource('kitchen-tidy-domain', 'groundplan://demo/kitchen-tidy/domain.pddl', 'Demo domain: kitchen-tidy', 'A robot tidies a kitchen with containers that open (typing, negative preconditions, conditional effects, forall, action costs).', 'text/x-pddl', 'data/demo/domain.pddl'),
  fileResource('kitchen-tidy-problem', 'groundplan://demo/kitchen-tidy/problem.pddl', 'Demo problem: tidy-breakfast', 'Put milk and yoghurt in the fridge (cold), cereal in the pantry, the bowl on the table; close every container.', 'text/x-pddl', 'data/demo/problem.pddl'),
  { name: 'household-scene', uri: 'groundplan://demo/household/scene.json', title: 'Demo scene graph: a small home', description: 'GAVEL scene JSON: kitchen, corridor, living room, laundry; fridge, counter, stove, box, table, ...', mimeType: 'application/json', read: () => `${JSON.stringify(testSceneJson(), null, 2)}\n` },
  { name: 'household-goal', uri: 'groundplan://demo/household/goal.txt', title: 'Demo household goal', description: 'The apple on the table, the fridge closed.', mimeType: 'text/plain', read: () => HOUSEHOLD_DEMO.goal },
  { name: 'household-plan', uri: 'groundplan://demo/household/plan.txt', title: 'Demo household plan (flawed)', description: 'A plan that forgets to open the fridge: try household_verify and household_repair on it.', mimeType: 'text/plain', read: () => HOUSEHOLD_DEMO.plan },
  fileResource('pddl-subset', 'groundplan://docs/pddl.md', 'The supported PDDL subset', "The PDDL groundplan reads, its diagnostics and the compatibility policy for what it does not support.", 'text/markdown', 'docs/pddl.md'),
  fileResource('mcp-guide', 'groundplan://docs/mcp.md', 'Using the groundplan MCP server', 'The tools, their schemas, limits and errors, and an example agent loop.', 'text/markdown', 'docs/mcp.md'),
];

export function registerResources(server: McpServer): void {
  for (const r of RESOURCES) {
    server.registerResource(r.name, r.uri, { title: r.title, description: r.description, mimeType: r.mimeType }, (uri) => ({
      contents: [{ uri: uri.href, mimeType: r.mimeType, text: r.read() }],
    }));
  }
}
