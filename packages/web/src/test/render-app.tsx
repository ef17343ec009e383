import { act, render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import { SESSION_HINT_COOKIE } from '@sortie/core';
import { FakeNavigator, createTestContainer, type TestContainerOverrides } from '@sortie/core/testing';
import { App } from '../app/App';
import { readyServices } from '../services/container-context';
import { shellConfigOf } from '../services/runtime-config';

type Memory = ReturnType<typeof memoryLocation> & { history: string[] };

const ORIGIN = 'http://localhost:3000';

/**
 * The browser's address for tests: wouter reads a memory location, and the core's
 * NavigatorPort reads and moves that same location, as the browser adapter does with
 * window.location and history.
 */
export class MemoryNavigator extends FakeNavigator {
  constructor(readonly memory: Memory) {
    super();
  }

  /** The current path and query, as the address bar would show them. */
  get location(): string {
    return this.memory.history.at(-1) ?? '/';
  }

  override currentUrl(): URL {
    return new URL(this.location, ORIGIN);
  }

  override navigate(path: string, options: { replace?: boolean } = {}): void {
    super.navigate(path, options);
    this.memory.navigate(path, { replace: options.replace ?? false });
  }
}

export interface RenderAppOptions extends Omit<TestContainerOverrides, 'navigator'> {
  path?: string;
  /** The visitor's browser (core's USER_AGENTS); a desktop one by default. */
  userAgent?: string;
}

/**
 * The whole app over core's fakes, at `path`. Rendered inside an awaited act(): React 19
 * only retries what suspended in a synchronous act() once an act() is awaited.
 */
export async function renderApp({ path = '/', userAgent, ...overrides }: RenderAppOptions = {}) {
  const memory = memoryLocation({ path, record: true }) as Memory;
  const navigator = new MemoryNavigator(memory);
  if (userAgent) navigator.useUserAgent(userAgent);
  const { container, fakes } = createTestContainer({ ...overrides, navigator });
  // The server sets its session hint beside the session cookie: a visitor already signed in has it.
  if (fakes.api.currentUser) fakes.cookies.set(SESSION_HINT_COOKIE, '1', { maxAgeSeconds: 86_400 });
  const user = userEvent.setup();
  let view!: RenderResult;
  await act(async () => {
    view = render(
    <App
      services={readyServices({ container, config: fakes.config })}
      shell={shellConfigOf(fakes.config)}
      location={{ hook: memory.hook, searchHook: memory.searchHook }}
      onFatalError={(error) => fakes.logger.error('Fatal page error', error)}
    />,
    );
  });
  return { ...view, container, fakes, navigator, memory, user };
}
