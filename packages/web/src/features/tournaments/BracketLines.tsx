import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { TournamentMatch } from '@sortie/core';

interface Line {
  key: string;
  d: string;
  live: boolean;
}

/**
 * Draws, behind a section of the screen's bracket, the line from each match to the one its
 * winner goes to (core's `winnerTo`), as on a paper bracket. Positions are measured once laid
 * out, in the section's own coordinates (the screen scales the whole with a transform).
 */
export function BracketLines({ matches, children }: { matches: TournamentMatch[]; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [lines, setLines] = useState<Line[]>([]);
  useLayoutEffect(() => {
    const root = box.current;
    if (!root) return;
    const draw = () => {
      const frame = root.getBoundingClientRect();
      const scale = root.offsetWidth ? frame.width / root.offsetWidth : 1;
      if (!scale) return;
      const rectOf = (id: string) => {
        const element = root.querySelector<HTMLElement>(`[data-match-id="${CSS.escape(id)}"]`);
        if (!element) return null;
        const r = element.getBoundingClientRect();
        return { left: (r.left - frame.left) / scale, right: (r.right - frame.left) / scale, middle: (r.top + r.height / 2 - frame.top) / scale };
      };
      const next: Line[] = [];
      for (const match of matches) {
        if (!match.winnerTo) continue;
        const from = rectOf(match.id);
        const to = rectOf(match.winnerTo.matchId);
        if (!from || !to || to.left <= from.right) continue;
        const elbow = from.right + (to.left - from.right) / 2;
        next.push({ key: match.id, d: `M${from.right},${from.middle} H${elbow} V${to.middle} H${to.left}`, live: match.status !== 'done' });
      }
      setLines(next);
    };
    draw();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(draw);
    observer.observe(root);
    return () => observer.disconnect();
  }, [matches]);
  return (
    <div ref={box} className="relative">
      <svg className="pointer-events-none absolute inset-0 h-full w-full overflow-visible" aria-hidden="true">
        {lines.map((line) => (
          <path key={line.key} d={line.d} fill="none" strokeWidth={2} className={line.live ? 'stroke-line' : 'stroke-muted/60'} />
        ))}
      </svg>
      <div className="relative">{children}</div>
    </div>
  );
}
