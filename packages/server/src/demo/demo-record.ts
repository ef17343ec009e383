import type { ResourceName } from '@sortie/core';

/**
 * One record of the demo, as demo/load.ts stores it. Its own module, so that the files that build
 * parts of the demo (demo/collectors.ts…) name it without importing demo/data.ts, which imports them.
 */
export interface DemoRecord {
  resource: ResourceName;
  id: string;
  data: Record<string, unknown>;
}
