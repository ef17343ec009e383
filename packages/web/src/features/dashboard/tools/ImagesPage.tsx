import { useState } from 'react';
import type { ImageRefLike, Page } from '@sortie/core';
import { COMPACT_FIELD_CLASS } from '../../../components/ui';
import { useImages } from '../../../data/dashboard';
import { useRecordWrites } from '../../../data/records';
import { EmptyState, QueryView } from '../../../data/QueryView';
import { apiErrorMessage } from '../../../data/api-error-message';
import { ConfirmDialog } from '../ConfirmDialog';
import { ResourceEditor } from '../ResourceEditor';
import { CopyButton } from '../CopyButton';
import { ImageUploadButton } from '../ImageUploadButton';
import { ToolHeading } from './ToolHeading';
import { ResponsiveImage } from '../../../components/ResponsiveImage';

type Image = { _id: string; url: string; alt: string; width?: number; height?: number; variants?: ImageRefLike['variants'] };

/** An uploaded record drawn from its variants (the grid downloads the narrow ones); an address as it is. */
const shown = (image: Image) => (image.variants?.length && image.width && image.height ? { id: image._id, alt: image.alt, width: image.width, height: image.height, variants: image.variants } : image.url);
/** An upload's address is a path of this site: copied whole, so that it works pasted anywhere. */
const absolute = (url: string) => (url.startsWith('/') ? new URL(url, window.location.origin).toString() : url);

/** The image library: upload an image (resized by the server) or add one by its address, copy an address, remove an image. */
export default function ImagesPage() {
  const records = useRecordWrites();
  const [version, setVersion] = useState(0);
  const [q, setQ] = useState('');
  const [removing, setRemoving] = useState<Image | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [uploaded, setUploaded] = useState<string | null>(null);
  const images = useImages<Image>(q, version);

  async function remove() {
    if (!removing) return;
    try {
      await records.remove('images', removing._id);
      setVersion((v) => v + 1);
    } catch (e) {
      setError(apiErrorMessage(e));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <ToolHeading title="Images">Téléversez une image ou ajoutez-la par son adresse, puis réutilisez-la dans les fiches.</ToolHeading>
      <section aria-labelledby="file-title" className="space-y-3 rounded-xl bg-surface/50 p-4 ring-1 ring-line">
        <h2 id="file-title" className="text-lg font-semibold">
          Téléverser une image
        </h2>
        <p className="text-sm text-muted">Le serveur la redimensionne (320, 640 et 1280 px de large) en AVIF, WebP et JPEG, et retire ses métadonnées. 10 Mo au plus.</p>
        <label className="flex flex-col gap-1 text-sm">
          Texte alternatif (ce que l’image montre)
          <input type="text" maxLength={300} value={alt} onChange={(e) => setAlt(e.target.value)} className={COMPACT_FIELD_CLASS} />
        </label>
        <ImageUploadButton
          alt={alt}
          onUploaded={(image) => {
            setUploaded(`Image téléversée (${image.width} × ${image.height} px, ${image.variants.length} fichiers).`);
            setAlt('');
            setVersion((v) => v + 1);
          }}
        />
        {uploaded && <p className="text-sm text-accent">{uploaded}</p>}
      </section>
      <section aria-labelledby="upload-title" className="rounded-xl bg-surface/50 p-4 ring-1 ring-line">
        <h2 id="upload-title" className="mb-3 text-lg font-semibold">
          Ajouter une image par son adresse
        </h2>
        <ResourceEditor key={version} resource="images" onSaved={() => setVersion((v) => v + 1)} />
      </section>
      <section aria-labelledby="library-title" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="library-title" className="text-lg font-semibold">
            Bibliothèque
          </h2>
          <label className="flex flex-col gap-1 text-sm">
            Rechercher une image
            <input type="search" value={q} onChange={(e) => setQ(e.target.value)} className={`${COMPACT_FIELD_CLASS} w-auto!`} />
          </label>
        </div>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
        <QueryView query={images}>
          {(page: Page<Image>) =>
            page.items.length === 0 ? (
              <EmptyState>La bibliothèque est vide.</EmptyState>
            ) : (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {page.items.map((image) => (
                  <li key={image._id} className="space-y-2 rounded-xl bg-surface p-3 ring-1 ring-line">
                    <ResponsiveImage image={shown(image)} alt={image.alt} sizes="(min-width: 64rem) 20rem, (min-width: 40rem) 50vw, 100vw" className="aspect-video w-full rounded-lg bg-background object-cover" />
                    <p className="truncate text-sm" title={image.url}>
                      {image.alt || image.url}
                    </p>
                    {image.width && image.height && (
                      <p className="text-xs text-muted">
                        {image.width} × {image.height} px
                      </p>
                    )}
                    <div className="flex flex-wrap items-center gap-2">
                      <CopyButton text={absolute(image.url)} label="Copier l’adresse" />
                      <button type="button" onClick={() => setRemoving(image)} className="rounded px-2 py-1 text-sm text-error hover:bg-white/5 focus-visible:outline-2">
                        Supprimer
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
      <ConfirmDialog open={removing !== null} title="Supprimer cette image ?" confirmLabel="Supprimer" onClose={() => setRemoving(null)} onConfirm={() => void remove()}>
        Les fiches qui l’utilisent n’afficheront plus cette image.
      </ConfirmDialog>
    </section>
  );
}
