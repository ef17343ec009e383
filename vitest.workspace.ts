// The list of test projects. vitest 4 ignores this file on its own, so
// vitest.config.ts passes it as `test.projects` (see STACK.md).
export const projects = [
  'packages/core',
  'packages/adapters',
  'packages/server',
  'packages/cli',
  'packages/web',
  // The web files that mock a module, isolated (see packages/web/vitest.config.ts).
  'packages/web/vitest.isolated.config.ts',
  'tools',
  'e2e',
];

export default projects;
