import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { ContainerProvider, useServicesRequested, type AppServices } from './container-context';
import { shellConfigOf } from './runtime-config';

const shell = shellConfigOf({ defaultCity: 'Poitiers', cities: ['Poitiers', 'Tours'] });

/** What the header's account corner draws: the visitor's own corner only once the services are there. */
function AccountCorner() {
  return <p>{useServicesRequested() ? 'Mon compte' : 'Se connecter'}</p>;
}

describe('whether the services were asked for, on a page the server drew', () => {
  it('is false while the browser hydrates, even if they were asked for before (a signed-in visitor), then true at once: no mismatch', async () => {
    // The server draws every page anonymous: nothing asks for the services there.
    const html = renderToString(
      <ContainerProvider services={() => new Promise<AppServices>(() => undefined)} shell={shell}>
        <AccountCorner />
      </ContainerProvider>,
    );
    expect(html).toBe('<p>Se connecter</p>');

    // In the browser, the session was asked for before this part hydrated (a given promise counts as asked).
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const mismatches = vi.fn();
    let hydrated!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      hydrated = hydrateRoot(
        root,
        <ContainerProvider services={new Promise<AppServices>(() => undefined)} shell={shell}>
          <AccountCorner />
        </ContainerProvider>,
        { onRecoverableError: mismatches },
      );
    });
    expect(mismatches).not.toHaveBeenCalled();
    expect(root.textContent).toBe('Mon compte');
    act(() => hydrated.unmount());
    root.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });
});
