import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SocialLinksInput } from './SocialLinksInput';

function setup(initial: Record<string, string> = {}) {
  const values: Record<string, string>[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <SocialLinksInput
        id="socials"
        label="Réseaux sociaux"
        value={value}
        onChange={(next) => {
          setValue(next);
          values.push(next);
        }}
      />
    );
  }
  const user = userEvent.setup();
  render(<Harness />);
  return { user, last: () => values.at(-1) };
}

describe('the social links editor', () => {
  it('shows the stored links as typed rows, under their French names', () => {
    setup({ instagram: 'https://instagram.com/lebar', tickets: 'https://billets.example.org' });
    const selects = screen.getAllByRole('combobox');
    expect(selects.map((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent)).toEqual(['Instagram', 'Billetterie']);
    expect((screen.getByLabelText('Adresse Billetterie') as HTMLInputElement).value).toBe('https://billets.example.org');
    expect(screen.getAllByRole('option', { name: 'Site web' })).toHaveLength(2);
  });

  it('adds a link with the keyboard: a network, an address completed with https://, kept as network → address', async () => {
    const { user, last } = setup();
    expect(screen.getByText('Aucun lien pour l’instant.')).toBeTruthy();
    screen.getByRole('button', { name: 'Ajouter un lien' }).focus();
    await user.keyboard('{Enter}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Réseau du lien 1' }), 'Facebook');
    await user.type(screen.getByLabelText('Adresse Facebook'), 'facebook.com/lebar');
    await user.tab();
    expect((screen.getByLabelText('Adresse Facebook') as HTMLInputElement).value).toBe('https://facebook.com/lebar');
    expect(last()).toEqual({ facebook: 'https://facebook.com/lebar' });
    expect(screen.queryByRole('paragraph')).toBeNull();
  });

  it('refuses an address that is not http(s) and a network given twice, in French', async () => {
    const { user } = setup({ instagram: 'https://instagram.com/lebar' });
    const address = screen.getByLabelText('Adresse Instagram');
    await user.clear(address);
    await user.type(address, 'javascript:alert(1)');
    await user.tab();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(address.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Adresse web invalide : seules les adresses http et https sont acceptées.');

    await user.click(screen.getByRole('button', { name: 'Ajouter un lien' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Réseau du lien 2' }), 'Instagram');
    await user.type(screen.getAllByLabelText('Adresse Instagram')[1]!, 'https://instagram.com/autre');
    await user.tab();
    expect(screen.getByText('Ce réseau est déjà dans la liste : un lien par réseau.')).toBeTruthy();
  });

  it('removes a row', async () => {
    const { user, last } = setup({ instagram: 'https://instagram.com/lebar', youtube: 'https://youtube.com/@lebar' });
    await user.click(screen.getByRole('button', { name: 'Retirer le lien Instagram' }));
    expect(last()).toEqual({ youtube: 'https://youtube.com/@lebar' });
    expect(screen.queryByLabelText('Adresse Instagram')).toBeNull();
  });
});
