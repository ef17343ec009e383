// The list of test projects. vitest 4 ignores this file on its own, so
// vitest.config.ts passes it as `test.projects` (see STACK.md).
export const projects = [
  'packages/core',
  'packages/adapters',
  'packages/server',
  'packages/cli',
  'packages/web',
  'tools',
  'e2e',
];

export default projects;
