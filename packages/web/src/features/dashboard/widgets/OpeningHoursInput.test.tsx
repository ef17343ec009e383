import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OpeningHoursInput, type OpeningHours } from './OpeningHoursInput';

function Harness({ initial, onValue }: { initial: OpeningHours; onValue: (value: OpeningHours) => void }) {
  const [value, setValue] = useState<OpeningHours>(initial);
  return (
    <OpeningHoursInput
      id="hours"
      label="Horaires d’ouverture"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

function setup(initial: OpeningHours = {}) {
  const values: OpeningHours[] = [];
  const user = userEvent.setup();
  render(<Harness initial={initial} onValue={(v) => values.push(v)} />);
  return { user, last: () => values.at(-1) };
}

describe('the opening-hours editor', () => {
  it('says that a week without any range is unknown, not closed, until a day is opened', async () => {
    const { user } = setup({});
    expect(screen.getByText(/^Aucun horaire renseigné : la page du lieu n’en affiche pas\./)).toBeTruthy();
    await user.click(within(screen.getByRole('group', { name: 'Mardi' })).getByRole('checkbox', { name: 'Fermé' }));
    expect(screen.queryByText(/^Aucun horaire renseigné/)).toBeNull();
  });

  it('shows every day from Monday, closed when it has no range, and the ranges of the others', () => {
    setup({ sat: ['18:00-02:00'] });
    const days = screen.getAllByRole('group').filter((g) => g.tagName === 'LI');
    expect(days.map((d) => d.querySelector('span')?.textContent)).toEqual(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']);
    expect((within(screen.getByRole('group', { name: 'Lundi' })).getByRole('checkbox', { name: 'Fermé' }) as HTMLInputElement).checked).toBe(true);
    const saturday = screen.getByRole('group', { name: 'Samedi' });
    expect((within(saturday).getByRole('checkbox', { name: 'Fermé' }) as HTMLInputElement).checked).toBe(false);
    expect((within(saturday).getByLabelText('Ouverture le samedi') as HTMLInputElement).value).toBe('18:00');
    expect((within(saturday).getByLabelText('Fermeture le samedi') as HTMLInputElement).value).toBe('02:00');
    // A range closing after midnight is allowed, and said so.
    expect(within(saturday).getByText('(le lendemain)')).toBeTruthy();
  });

  it('opens a day, sets its times and adds a second range with the keyboard alone', async () => {
    const { user, last } = setup();
    const tuesday = screen.getByRole('group', { name: 'Mardi' });
    within(tuesday).getByRole('checkbox', { name: 'Fermé' }).focus();
    await user.keyboard(' ');
    expect(last()).toEqual({ tue: ['10:00-18:00'] });
    const from = within(tuesday).getByLabelText('Ouverture le mardi');
    await user.clear(from);
    await user.type(from, '12:00');
    expect(last()).toEqual({ tue: ['12:00-18:00'] });

    await user.click(within(tuesday).getByRole('button', { name: 'Ajouter une plage le mardi' }));
    await user.type(within(tuesday).getByLabelText('Ouverture le mardi, plage 2'), '19:00');
    await user.type(within(tuesday).getByLabelText('Fermeture le mardi, plage 2'), '23:30');
    expect(last()).toEqual({ tue: ['12:00-18:00', '19:00-23:30'] });

    await user.click(within(tuesday).getByRole('button', { name: 'Retirer la plage 1 du mardi' }));
    expect(last()).toEqual({ tue: ['19:00-23:30'] });
    // Closing the day again leaves no key for it.
    await user.click(within(tuesday).getByRole('checkbox', { name: 'Fermé' }));
    expect(last()).toEqual({});
  });

  it('says in French what is wrong with a range, beside it', async () => {
    const { user } = setup({ fri: ['18:00-20:00'] });
    const friday = screen.getByRole('group', { name: 'Vendredi' });
    const to = within(friday).getByLabelText('Fermeture le vendredi');
    await user.clear(to);
    await user.type(to, '18:00');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(within(friday).getByText('La fermeture doit être différente de l’ouverture.')).toBeTruthy();
    expect(document.getElementById(to.getAttribute('aria-describedby') ?? '')?.textContent).toBe('La fermeture doit être différente de l’ouverture.');
  });

  it('allows four ranges a day at most', async () => {
    const { user } = setup({ sun: ['08:00-09:00', '10:00-11:00', '12:00-13:00'] });
    const sunday = screen.getByRole('group', { name: 'Dimanche' });
    const add = within(sunday).getByRole('button', { name: 'Ajouter une plage le dimanche' });
    await user.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });
});
