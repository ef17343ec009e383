import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ClockPort, DocSearchQuerySchema, type DocSearchHit, type TimerHandle } from '@sortie/core';
import { apiErrorMessage } from '../../data/api-error-message';
import { useQuery } from '../../data/useQuery';
import { docSearchQuery } from '../../data/docs';
import { useUseCase } from '../../services/container-context';
import { docHref } from './doc-tree';

/**
 * How long typing must pause before the box asks the server. At a usual pace (a key every
 * 100–200 ms) a word costs one request rather than one per letter, and the list still follows
 * the typing closely enough to feel immediate.
 */
export const DOC_SEARCH_DEBOUNCE_MS = 250;

/** The words worth asking about, or null: the server's own schema says (two letters at least, trimmed). */
function searchable(text: string): string | null {
  const parsed = DocSearchQuerySchema.safeParse({ q: text });
  return parsed.success ? parsed.data.q : null;
}
const { minLength, maxLength } = DocSearchQuerySchema.shape.q;

const resultCount = (n: number) => (n === 1 ? '1 résultat' : `${n} résultats`);

/**
 * The search box of the docs (a combobox): the pages found appear under it as the visitor
 * types, arrows and Enter open one, Escape closes the list then clears the box; submitting
 * (Enter with no page chosen, or the button) opens /docs?q=…, which lists them all.
 */
export function DocsSearchForm({ initial = '' }: { initial?: string }) {
  const clock = useUseCase(ClockPort);
  const [, navigate] = useLocation();
  const [text, setText] = useState(initial);
  // What typing last paused on; null until the visitor types (the words the page opened with already have their results).
  const [asked, setAsked] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // The page chosen with the arrows, for the words it was chosen among: a new answer starts with none chosen.
  const [active, setActive] = useState<{ q: string; index: number } | null>(null);
  const timer = useRef<TimerHandle | null>(null);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const cancelTimer = () => {
    if (timer.current) clock.clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => () => void (timer.current && clock.clearTimeout(timer.current)), [clock]);

  const q = asked === null ? null : searchable(asked);
  // One cache entry per words: an answer to older words lands in its own entry, never in this one.
  const answer = useQuery(q === null ? null : docSearchQuery(q));
  // Below two letters the list goes at once, without waiting for the pause.
  const shown = open && q !== null && searchable(text) !== null;
  const hits: readonly DocSearchHit[] = shown && answer.status === 'success' ? answer.data.items : [];
  const activeIndex = active && active.q === q && active.index < hits.length ? active.index : -1;
  const activeId = activeIndex >= 0 ? optionId(activeIndex) : null;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActive(null);
  };
  const onType = (value: string) => {
    setText(value);
    setOpen(true);
    cancelTimer();
    if (searchable(value) === null) setAsked(null);
    else
      timer.current = clock.setTimeout(() => {
        timer.current = null;
        setAsked(value);
      }, DOC_SEARCH_DEBOUNCE_MS);
  };
  const openHit = (hit: DocSearchHit) => {
    close();
    navigate(docHref(hit.path));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    cancelTimer();
    close();
    const words = text.trim();
    navigate(words ? `/docs?q=${encodeURIComponent(words)}` : '/docs');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        if (q !== null) setOpen(true);
        return;
      }
      if (!hits.length || q === null) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = activeIndex === -1 ? (step === 1 ? 0 : hits.length - 1) : (activeIndex + step + hits.length) % hits.length;
      setActive({ q, index: next });
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      // A page chosen: open it; with none, Enter submits the form as before.
      event.preventDefault();
      openHit(hits[activeIndex]!);
    } else if (event.key === 'Escape') {
      // A search field clears itself on Escape in some browsers: here the list closes first, the words go on a second press.
      event.preventDefault();
      if (shown) close();
      else {
        cancelTimer();
        setText('');
        setAsked(null);
      }
    }
  };

  const message = !shown
    ? ''
    : answer.status === 'loading'
      ? 'Recherche…'
      : answer.status === 'error'
        ? `La recherche n’a pas abouti. ${apiErrorMessage(answer.error)}`
        : hits.length === 0
          ? `Aucun article ne correspond à « ${q} ».`
          : '';

  return (
    <div
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <form role="search" aria-label="Rechercher dans la documentation" onSubmit={submit} className="flex gap-2">
        <label className="sr-only" htmlFor="docs-search">
          Rechercher dans la documentation
        </label>
        <input
          id="docs-search"
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          {...(hits.length > 0 ? { 'aria-controls': listId } : {})}
          {...(activeId ? { 'aria-activedescendant': activeId } : {})}
          autoComplete="off"
          value={text}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Rechercher…"
          {...(minLength !== null ? { minLength } : {})}
          {...(maxLength !== null ? { maxLength } : {})}
          className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-accent"
        />
        <button type="submit" className="rounded-lg bg-primary px-3 py-2 text-sm font-semibold text-background hover:bg-primary/90 focus-visible:outline-2">
          Rechercher
        </button>
      </form>
      {/* Always in the page, so that screen readers hear what it says as it changes. */}
      <p role="status" className={message ? `mt-2 rounded-lg bg-surface p-3 text-sm ${answer.status === 'error' ? 'text-error' : 'text-muted'}` : 'sr-only'}>
        {message || (hits.length > 0 ? resultCount(hits.length) : '')}
      </p>
      {hits.length > 0 && (
        <ul id={listId} role="listbox" aria-label="Pages trouvées" className="mt-2 max-h-80 overflow-y-auto rounded-lg bg-surface py-1 text-sm ring-1 ring-line">
          {hits.map((hit, index) => (
            <li
              key={hit.path.join('/')}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // The box keeps the focus (and the keyboard) while a page is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => q !== null && setActive({ q, index })}
              onClick={() => openHit(hit)}
              className={`cursor-pointer px-3 py-2 ${index === activeIndex ? 'bg-primary/15' : ''}`}
            >
              <span className="block font-semibold text-accent">{hit.title}</span>
              <span className="line-clamp-2 block text-xs text-muted">{hit.excerpt}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The pages found, best first, each with the sentence where the words are. */
export function DocsSearchResults({ q, hits }: { q: string; hits: readonly DocSearchHit[] }) {
  if (!hits.length) return <p className="mt-4 rounded-lg bg-surface p-6 text-sm text-muted">Aucune page ne contient « {q} ». Essayez un autre mot, ou parcourez le sommaire.</p>;
  return (
    <>
      <p className="mt-2 text-sm text-muted" role="status">
        {hits.length === 1 ? '1 page trouvée' : `${hits.length} pages trouvées`} pour « {q} »
      </p>
      <ol aria-label="Résultats de la recherche" className="mt-4 space-y-4">
        {hits.map((hit) => (
          <li key={hit.path.join('/')} className="rounded-lg bg-surface/60 p-4 ring-1 ring-line">
            <Link href={docHref(hit.path)} className="font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent">
              {hit.title}
            </Link>
            <p className="mt-1 text-sm text-muted">{hit.excerpt}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
