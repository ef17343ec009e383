import { mdiLeaf, mdiSprout } from '@mdi/js';
import { Link } from 'wouter';
import { ALLERGEN_LABELS, ALLERGENS, type Menu, type Place } from '@sortie/core';
import { useMenu } from '../data/menus';
import { Icon } from '../components/Icon';
import { filterMenu, parseExcluded, type Allergen } from '../features/menus/menu-filter';
import { useSearchParam } from '../components/useSearchParam';
import { LINK_CLASS, PageFrame, DetailQuery, SECONDARY_BUTTON_CLASS } from '../components/ui';
import { formatPrice } from '../format';
import type { PageProps } from './types';

const TAG_LABELS = { vegan: 'Végan', vegetarian: 'Végétarien' } as const;

/** /menus/{id}: a venue's menu by section, prices in euros, the 14 regulated allergens, and allergen filters kept in the address. */
export default function MenuPage({ params }: PageProps) {
  const id = params['id']!;
  const query = useMenu(id);
  return (
    <DetailQuery query={query} title="Carte" loading="Chargement de la carte…" wide>
      {({ menu, place }) => <MenuView menu={menu} place={place} />}
    </DetailQuery>
  );
}

function MenuView({ menu, place }: { menu: Menu; place: Place | null }) {
  const [param, setParam] = useSearchParam('sans');
  const excluded = parseExcluded(param);
  const sections = filterMenu(menu.sections, excluded);
  const hidden = menu.sections.reduce((n, s) => n + s.items.length, 0) - sections.reduce((n, s) => n + s.items.length, 0);
  const toggle = (allergen: Allergen, on: boolean) => {
    const next = on ? [...excluded, allergen] : excluded.filter((a) => a !== allergen);
    setParam(ALLERGENS.filter((a) => next.includes(a)).join(','));
  };

  return (
    <PageFrame
      title={menu.title}
      wide
      lead={
        place && (
          <p>
            <Link href={`/places/${place._id}`} className={LINK_CLASS}>
              {place.name}
            </Link>
            {place.address?.city ? ` · ${place.address.city}` : ''}
          </p>
        )
      }
    >
      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <fieldset className="self-start rounded-2xl bg-surface p-4 ring-1 ring-line">
          <legend className="px-1 font-semibold">Masquer les plats contenant…</legend>
          <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 lg:grid-cols-1">
            {ALLERGENS.map((allergen) => (
              <label key={allergen} className="flex items-center gap-2 py-1 text-sm">
                <input type="checkbox" checked={excluded.includes(allergen)} onChange={(e) => toggle(allergen, e.target.checked)} className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-accent" />
                {ALLERGEN_LABELS[allergen]}
              </label>
            ))}
          </div>
          {excluded.length > 0 && (
            <button type="button" onClick={() => setParam(null)} className={`${SECONDARY_BUTTON_CLASS} mt-3 w-full text-sm`}>
              Tout afficher
            </button>
          )}
        </fieldset>

        <div>
          <p role="status" className="text-sm text-muted">
            {hidden === 0 ? 'Tous les plats sont affichés.' : hidden === 1 ? '1 plat masqué par vos filtres.' : `${hidden} plats masqués par vos filtres.`}
          </p>
          {menu.sections.length === 0 && <p className="mt-4 rounded-lg bg-surface p-6 text-center text-sm text-muted">Cette carte est encore vide.</p>}
          {sections.map((section, index) => (
            <section key={`${index}-${section.name}`} aria-labelledby={`section-${index}`} className="mt-6">
              <h2 id={`section-${index}`} className="border-b border-line pb-2 text-xl font-bold">
                {section.name}
              </h2>
              {section.items.length === 0 ? (
                <p className="mt-3 text-sm text-muted">Aucun plat de cette section ne correspond à vos filtres.</p>
              ) : (
                <ul className="mt-2 divide-y divide-line">
                  {section.items.map((item) => (
                    <li key={item.name} className="py-3">
                      <div className="flex items-baseline justify-between gap-4">
                        <h3 className="font-semibold">
                          {item.name}
                          {item.tags.map((tag) => (
                            <span key={tag} className="ml-2 inline-flex items-center gap-1 rounded-full bg-success/15 px-2 py-0.5 align-middle text-xs font-medium text-success">
                              <Icon path={tag === 'vegan' ? mdiSprout : mdiLeaf} size={14} />
                              {TAG_LABELS[tag]}
                            </span>
                          ))}
                        </h3>
                        <span className="shrink-0 font-semibold tabular-nums">{formatPrice(item.price)}</span>
                      </div>
                      {item.description && <p className="mt-0.5 text-sm text-muted">{item.description}</p>}
                      <p className="mt-1 text-xs text-muted">
                        {item.allergens.length ? `Allergènes : ${item.allergens.map((a) => ALLERGEN_LABELS[a]).join(', ')}` : 'Aucun des 14 allergènes réglementaires'}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <p className="mt-8 text-xs text-muted">
            Allergènes selon le règlement (UE) n° 1169/2011, annexe II. En cas de doute, demandez au personnel : des traces peuvent subsister.
          </p>
        </div>
      </div>
    </PageFrame>
  );
}
