import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Scales its content down to fit the box it is given, never up past 1 and never with a
 * scrollbar: a bracket of 64 players and one of 4 both fill a TV without scrolling.
 */
export function FitToScreen({ children, className = '' }: { children: ReactNode; className?: string }) {
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
      setScale(Math.min(1, outer.clientWidth / width, outer.clientHeight / height));
    };
    const observer = new ResizeObserver(fit);
    observer.observe(outer);
    observer.observe(inner);
    fit();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={`relative overflow-hidden ${className}`}>
      <div ref={content} className="absolute top-0 left-0 w-max origin-top-left" style={{ transform: `scale(${scale})` }}>
        {children}
      </div>
    </div>
  );
}
