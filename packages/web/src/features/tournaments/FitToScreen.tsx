import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Scales its content to fit the box it is given, never with a scrollbar: a bracket of 64
 * players shrinks to the screen, one of 4 grows (up to `maxScale`) to be read across the room.
 */
export function FitToScreen({ children, className = '', maxScale = 2 }: { children: ReactNode; className?: string; maxScale?: number }) {
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
      setScale(Math.min(maxScale, outer.clientWidth / width, outer.clientHeight / height));
    };
    const observer = new ResizeObserver(fit);
    observer.observe(outer);
    observer.observe(inner);
    fit();
    return () => observer.disconnect();
  }, [maxScale]);
  return (
    <div ref={box} className={`relative overflow-hidden ${className}`}>
      <div ref={content} className="absolute top-0 left-0 w-max origin-top-left" style={{ transform: `scale(${scale})` }}>
        {children}
      </div>
    </div>
  );
}
