import { addDays, formatShortDate, parisDay, parisMidnight } from '@sortie/core';

/** Visits per Paris day over the last `days` days ending `today`, oldest first. */
export function visitsPerDay(visits: ReadonlyArray<{ datetime: string }>, today: Date, days = 14): Array<{ day: string; label: string; count: number }> {
  const buckets = new Map<string, number>();
  for (const visit of visits) {
    const key = parisDay(new Date(visit.datetime));
    buckets.set(key, (buckets.get(key) ?? 0) + 1);
  }
  const last = parisDay(today);
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(last, i - (days - 1));
    // Noon of a Paris day is that day in Paris whatever the change of time.
    return { day, label: formatShortDate(parisMidnight(day).getTime() + 12 * 3600_000), count: buckets.get(day) ?? 0 };
  });
}

/** A small bar chart in SVG, with the numbers for screen readers in a list. */
export function VisitsChart({ data }: { data: ReadonlyArray<{ day: string; label: string; count: number }> }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  const width = 28;
  const height = 100;
  return (
    <figure>
      <svg viewBox={`0 0 ${data.length * width} ${height + 16}`} className="h-40 w-full max-w-xl" role="img" aria-label="Visites par jour">
        {data.map((d, i) => {
          const h = Math.round((d.count / max) * height);
          return (
            <g key={d.day}>
              <rect x={i * width + 4} y={height - h} width={width - 8} height={h} className="fill-(--color-primary)" rx={2}>
                <title>{`${d.label} : ${d.count}`}</title>
              </rect>
              {i % 2 === 0 && (
                <text x={i * width + width / 2} y={height + 12} textAnchor="middle" fontSize="8" className="fill-(--color-muted)">
                  {d.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <ul>
          {data.map((d) => (
            <li key={d.day}>{`${d.label} : ${d.count} visite${d.count > 1 ? 's' : ''}`}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
