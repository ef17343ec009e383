import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrderedList } from './OrderedList';

function setup(initial: string[]) {
  function Harness() {
    const [items, setItems] = useState(initial);
    return <OrderedList id="list" label="Tournois" items={items} onChange={setItems} onRemove={(i) => setItems(items.filter((_, j) => j !== i))} render={(item) => item} />;
  }
  const user = userEvent.setup();
  render(<Harness />);
  const order = () => within(screen.getByRole('list', { name: 'Tournois, dans l’ordre' })).getAllByRole('listitem').map((li) => li.querySelector('.truncate')?.textContent);
  return { user, order };
}

describe('an ordered list of the dashboard', () => {
  it('moves a row with Alt+↑ / Alt+↓ and keeps the focus on it', async () => {
    const { user, order } = setup(['Poule A', 'Poule B', 'Finale']);
    const rows = screen.getAllByRole('listitem');
    rows[0]!.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(order()).toEqual(['Poule B', 'Poule A', 'Finale']);
    expect(document.activeElement?.textContent).toContain('Poule A');
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(order()).toEqual(['Poule B', 'Finale', 'Poule A']);
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual(['Poule A', 'Poule B', 'Finale']);
    expect(screen.getByRole('status').textContent).toContain('Déplacé en position 1 sur 3.');
  });

  it('moves a row with its buttons, and removes one', async () => {
    const { user, order } = setup(['Poule A', 'Poule B', 'Finale']);
    expect((screen.getByRole('button', { name: 'Monter le n° 1' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Descendre le n° 1' }));
    expect(order()).toEqual(['Poule B', 'Poule A', 'Finale']);
    await user.click(screen.getByRole('button', { name: 'Retirer le n° 3' }));
    expect(order()).toEqual(['Poule B', 'Poule A']);
  });

  it('moves a row dragged onto another with the mouse', () => {
    const { order } = setup(['Poule A', 'Poule B', 'Finale']);
    const rows = screen.getAllByRole('listitem');
    fireEvent.dragStart(rows[2]!, { dataTransfer: { effectAllowed: '' } });
    fireEvent.dragOver(rows[0]!);
    fireEvent.drop(rows[0]!);
    expect(order()).toEqual(['Finale', 'Poule A', 'Poule B']);
  });
});
