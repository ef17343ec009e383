import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Scales its content to fit the box it is given, never with a scrollbar: a bracket of 64
 * players shrinks to the screen, one of 4 grows (up to `maxScale`) to be read across the room.
 */
export function FitToScreen({
  children,
  className = '',
  maxScale = 2,
  onScale,
  hidden = false,
}: {
  children: ReactNode;
  className?: string;
  maxScale?: number;
  /** Told the scale the content needs to fit (before `maxScale` caps it), whenever it changes. */
  onScale?: (scale: number) => void;
  /** Laid out and measured, but neither seen nor read nor focusable. */
  hidden?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (!outer || !inner || typeof ResizeObserver === 'undefined') return;
    const fit = () => {
      const width = inner.scrollWidth;
      const height = inner.scrollHeight;
      if (!width || !height) return;
      const needed = Math.min(outer.clientWidth / width, outer.clientHeight / height);
      setScale(Math.min(maxScale, needed));
      onScale?.(needed);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(outer);
    observer.observe(inner);
    fit();
    return () => observer.disconnect();
  }, [maxScale, onScale]);
  return (
    <div ref={box} className={`relative overflow-hidden ${className}`} aria-hidden={hidden || undefined} inert={hidden || undefined}>
      <div ref={content} className="absolute top-0 left-0 w-max origin-top-left" style={{ transform: `scale(${scale})` }}>
        {children}
      </div>
    </div>
  );
}
