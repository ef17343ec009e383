import { useRef, useState, type ReactNode } from 'react';
import { SMALL_BUTTON } from './styles';

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A list whose order matters (a championship's tournaments, a blind test's questions), reordered
 * with the mouse (drag a row onto another) or the keyboard (↑ ↓ buttons, or Alt+↑ / Alt+↓ on a
 * row, which keeps the focus on the row moved); each row can be removed.
 */
export function OrderedList<T>({ id, items, onChange, label, render, onRemove }: { id: string; items: readonly T[]; onChange: (items: T[]) => void; label: string; render: (item: T, index: number) => ReactNode; onRemove: (index: number) => void }) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const move = (from: number, to: number, focus = false) => {
    if (to < 0 || to >= items.length || from === to) return;
    onChange(moved(items, from, to));
    setStatus(`Déplacé en position ${to + 1} sur ${items.length}.`);
    if (focus) queueMicrotask(() => rows.current[to]?.focus());
  };
  if (items.length === 0) return null;
  return (
    <>
      <ol className="mb-2 space-y-1" aria-label={`${label}, dans l’ordre`} aria-describedby={`${id}-order-help`}>
        {items.map((item, index) => (
          <li
            key={`${String(item)}:${index}`}
            ref={(el) => {
              rows.current[index] = el;
            }}
            tabIndex={0}
            draggable
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            onKeyDown={(event) => {
              if (event.target !== event.currentTarget || !event.altKey) return;
              if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
                event.preventDefault();
                move(index, index + (event.key === 'ArrowUp' ? -1 : 1), true);
              }
            }}
            className={`flex cursor-grab items-center gap-2 rounded-lg bg-surface px-3 py-2 text-sm ring-1 ring-line focus-visible:outline-2 focus-visible:outline-accent ${dragged === index ? 'opacity-50' : ''}`}
          >
            <span aria-hidden="true" className="text-muted">
              ⠿
            </span>
            <span className="w-6 font-semibold text-muted">{index + 1}.</span>
            <span className="min-w-0 flex-1 truncate">{render(item, index)}</span>
            <button type="button" className={SMALL_BUTTON} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={`Monter le n° ${index + 1}`}>
              ↑
            </button>
            <button type="button" className={SMALL_BUTTON} disabled={index === items.length - 1} onClick={() => move(index, index + 1)} aria-label={`Descendre le n° ${index + 1}`}>
              ↓
            </button>
            <button type="button" className={`${SMALL_BUTTON} text-error`} onClick={() => onRemove(index)} aria-label={`Retirer le n° ${index + 1}`}>
              Retirer
            </button>
          </li>
        ))}
      </ol>
      <p id={`${id}-order-help`} className="sr-only">
        Glissez une ligne pour la déplacer, ou, sur une ligne, Alt+flèche haut ou bas.
      </p>
      <p role="status" className="sr-only">
        {status}
      </p>
    </>
  );
}
