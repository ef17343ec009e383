import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeProductApi, aStaffUser, anId } from '@sortie/core/testing';
import { ApiError, type ImageRef } from '@sortie/core';
import { OPERATIONS } from '@sortie/core/domain';
import { renderApp } from '../../test/render-app';

const uploadedLogo = (id: string, alt: string): ImageRef => ({
  id,
  alt,
  width: 640,
  height: 640,
  variants: [320, 640].flatMap((width) => (['avif', 'jpeg'] as const).map((format) => ({ url: `/api/images/files/${id}-${width}-0123456789abcdef.${format === 'jpeg' ? 'jpg' : 'avif'}`, width, height: width, format }))),
});

function organizationApi() {
  const orgId = anId();
  const api = new FakeProductApi()
    .signedInAs(aStaffUser())
    .seed('organizations', { _id: orgId, name: 'Jazz à Poitiers', description: '', logo: 'https://images.example.org/ancien-logo.png', memberIds: [] });
  return { api, orgId };
}

describe('an image field of the dashboard', () => {
  it('uploads a file beside the address field and shows the image it becomes, with its text alternative', async () => {
    const { api, orgId } = organizationApi();
    const imageId = anId();
    api.serve(OPERATIONS.uploadImage, async ({ query }) => uploadedLogo(imageId, query?.alt ?? ''));
    const { user } = await renderApp({ path: `/dashboard/organizations/${orgId}`, api });
    // The record written before uploads keeps its address, previewed.
    const address = await screen.findByLabelText('Logo');
    expect((address as HTMLInputElement).value).toBe('https://images.example.org/ancien-logo.png');
    expect(screen.getByRole('img', { name: 'Aperçu : Logo' }).getAttribute('src')).toBe('https://images.example.org/ancien-logo.png');

    const button = screen.getByRole('button', { name: 'Téléverser : logo' });
    // Reached with the keyboard: a real button, in the tab order.
    expect(button.tabIndex).toBe(0);
    await user.upload(screen.getByLabelText('Téléverser : logo', { selector: 'input' }), new File([new Uint8Array([0xff, 0xd8, 0xff])], 'logo.jpg', { type: 'image/jpeg' }));

    const preview = await screen.findByRole('img', { name: 'Aperçu : Logo' });
    await waitFor(() => expect(preview.getAttribute('srcset')).toContain('-320-'));
    expect((screen.getByLabelText('Logo') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Texte alternatif de l’image'), 'Logo de Jazz à Poitiers');
    const [sent] = api.callsOf(OPERATIONS.uploadImage) as Array<{ body: File }>;
    expect(sent!.body.name).toBe('logo.jpg');
  });

  it('says in French why a file is refused, by the browser or by the server', async () => {
    const { api, orgId } = organizationApi();
    api.serve(OPERATIONS.uploadImage, async () => {
      throw new ApiError('Image trop volumineuse : 10 Mo au plus.', { statusCode: 413, code: 'IMAGE_TOO_LARGE' });
    });
    const { user } = await renderApp({ path: `/dashboard/organizations/${orgId}`, api });
    const input = await screen.findByLabelText('Téléverser : logo', { selector: 'input' });

    // The picker offers images only (accept="image/*"), but a file dropped or chosen under « all files » still arrives.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['%PDF-1.7'], 'statuts.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('« statuts.pdf » n’est pas une image : choisissez un fichier JPEG, PNG, WebP, AVIF ou GIF.');
    expect(api.callsOf(OPERATIONS.uploadImage)).toEqual([]);

    await user.upload(input, new File([new Uint8Array(10)], 'affiche.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Image trop volumineuse : 10 Mo au plus.'));
    // The field keeps what it had.
    expect((screen.getByLabelText('Logo') as HTMLInputElement).value).toBe('https://images.example.org/ancien-logo.png');
    expect(within(screen.getByRole('button', { name: 'Téléverser : logo' }).parentElement!).queryByText(/Envoi/)).toBeNull();
  });

  it('uploads into the image library, with its text alternative, and shows it there drawn from its variants', async () => {
    const api = new FakeProductApi().signedInAs(aStaffUser());
    const imageId = anId();
    api.serve(OPERATIONS.uploadImage, async ({ query }) => {
      const image = uploadedLogo(imageId, query?.alt ?? '');
      // As the server does: the library's record beside the answer.
      api.seed('images', { _id: imageId, url: image.variants.at(-1)!.url, alt: image.alt, width: image.width, height: image.height, variants: image.variants });
      return image;
    });
    const { user } = await renderApp({ path: '/dashboard/images', api });
    await user.type(await screen.findByLabelText('Texte alternatif (ce que l’image montre)'), 'Scène du Confort');
    await user.upload(screen.getByLabelText('Téléverser une image', { selector: 'input' }), new File([new Uint8Array([1])], 'scene.png', { type: 'image/png' }));
    expect(await screen.findByText('Image téléversée (640 × 640 px, 4 fichiers).')).toBeTruthy();
    const shown = await screen.findByRole('img', { name: 'Scène du Confort' });
    expect(shown.getAttribute('srcset')).toContain(`${imageId}-320-`);
    expect(api.callsOf(OPERATIONS.uploadImage)).toMatchObject([{ query: { alt: 'Scène du Confort' } }]);
  });
});
