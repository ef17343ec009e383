import { useState } from 'react';
import { addDays, ClockPort, formatShortDate, parisDay, parisMidnight, type LinkStats } from '@sortie/core';
import { useUseCase } from '../../services/container-context';
import { useDynaLinkStats } from '../../data/dashboard-panels';
import { QueryView } from '../../data/QueryView';
import { PANEL_CLASS } from './panel-styles';

const PERIODS = [30, 90] as const;
type Period = (typeof PERIODS)[number];

const DEVICE_NAMES: Record<string, string> = { mobile: 'Téléphone', tablet: 'Tablette', desktop: 'Ordinateur', bot: 'Robot' };
const deviceName = (device: string) => DEVICE_NAMES[device] ?? device;
/** Noon of a Paris day is that day in Paris whatever the change of time. */
const dayLabel = (day: string) => formatShortDate(parisMidnight(day).getTime() + 12 * 3600_000);
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** The statistics as CSV (semicolons, as a French spreadsheet opens them): the days, then the referrers, then the devices. */
export function statsCsv(stats: LinkStats): string {
  const cell = (value: string | number) => (/[;"\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));
  const rows: Array<Array<string | number>> = [['jour', 'personnes', 'robots', 'qr code']];
  for (const d of stats.days) rows.push([d.day, d.humans, d.bots, d.qr]);
  rows.push([], ['provenance', 'visites']);
  for (const r of stats.referrers) rows.push([r.host ?? 'accès direct', r.visits]);
  rows.push([], ['appareil', 'système', 'visites']);
  for (const d of stats.devices) rows.push([deviceName(d.device), d.system, d.visits]);
  return rows.map((row) => row.map(cell).join(';')).join('\r\n') + '\r\n';
}

/** Visits by day, humans and bots stacked, QR scans drawn inside in their own colour; the numbers in a list for screen readers. */
function DaysChart({ days }: { days: LinkStats['days'] }) {
  const max = Math.max(1, ...days.map((d) => d.humans + d.bots));
  const width = 12;
  const height = 120;
  const scale = (n: number) => Math.round((n / max) * height);
  const every = Math.ceil(days.length / 10);
  return (
    <figure>
      <svg viewBox={`0 0 ${days.length * width} ${height + 16}`} className="h-48 w-full" role="img" aria-label="Visites par jour : personnes, robots et QR codes" data-testid="link-stats-chart">
        {days.map((d, i) => {
          const humans = scale(d.humans);
          const bots = scale(d.bots);
          const qr = scale(d.qr);
          return (
            <g key={d.day}>
              <title>{`${dayLabel(d.day)} : ${plural(d.humans, 'personne', 'personnes')}, ${plural(d.bots, 'robot', 'robots')}, ${d.qr} par QR code`}</title>
              <rect x={i * width + 1} y={height - humans - bots} width={width - 2} height={bots} className="fill-(--color-muted)" opacity={0.5} />
              <rect x={i * width + 1} y={height - humans} width={width - 2} height={humans} className="fill-(--color-primary)" />
              {qr > 0 && <rect x={i * width + 4} y={height - qr} width={width - 8} height={qr} className="fill-(--color-accent)" data-kind="qr" />}
              {i % every === 0 && (
                <text x={i * width + width / 2} y={height + 12} textAnchor="middle" fontSize="6" className="fill-(--color-muted)">
                  {dayLabel(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm text-muted">
        <span>
          <span aria-hidden className="mr-1 inline-block h-3 w-3 rounded-sm bg-(--color-primary) align-middle" />
          Personnes
        </span>
        <span>
          <span aria-hidden className="mr-1 inline-block h-3 w-3 rounded-sm bg-(--color-muted) opacity-50 align-middle" />
          Robots (aperçus de liens, robots d’indexation)
        </span>
        <span>
          <span aria-hidden className="mr-1 inline-block h-3 w-3 rounded-sm bg-(--color-accent) align-middle" />
          Par QR code
        </span>
        <ul className="sr-only">
          {days.map((d) => (
            <li key={d.day}>{`${dayLabel(d.day)} : ${plural(d.humans, 'personne', 'personnes')}, ${plural(d.bots, 'robot', 'robots')}, ${d.qr} par QR code`}</li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

function Ranking({ title, rows }: { title: string; rows: Array<{ name: string; visits: number }> }) {
  return (
    <table className="w-full text-sm">
      <caption className="text-left font-semibold">{title}</caption>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td className="text-muted">Aucune visite sur la période.</td>
          </tr>
        ) : (
          rows.slice(0, 10).map((row) => (
            <tr key={row.name} className="border-t border-line">
              <td className="py-1">{row.name}</td>
              <td className="py-1 text-right tabular-nums">{row.visits}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** A short link's statistics over the last 30 or 90 days (issue 36): the chart, where visits came from, on what, and a CSV. */
export function LinkStatsPanel({ linkId, shortCode }: { linkId: string; shortCode: string }) {
  const clock = useUseCase(ClockPort);
  const [period, setPeriod] = useState<Period>(30);
  const to = parisDay(clock.now());
  const from = addDays(to, -(period - 1));
  const stats = useDynaLinkStats(linkId, from, to);
  return (
    <section className={PANEL_CLASS} aria-labelledby="stats-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="stats-title" className="text-lg font-semibold">
          Statistiques
        </h2>
        <div role="group" aria-label="Période" className="flex gap-2">
          {PERIODS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={period === days}
              onClick={() => setPeriod(days)}
              className={`rounded px-3 py-1 text-sm ${period === days ? 'bg-(--color-primary) text-white' : 'border border-line'}`}
            >
              {days} jours
            </button>
          ))}
        </div>
      </div>
      <QueryView query={stats}>
        {(data) => {
          const humans = data.days.reduce((n, d) => n + d.humans, 0);
          const bots = data.days.reduce((n, d) => n + d.bots, 0);
          const qr = data.days.reduce((n, d) => n + d.qr, 0);
          const csv = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${statsCsv(data)}`)}`;
          return (
            <>
              <p className="text-sm" data-testid="link-stats-total">
                {`${plural(humans + bots, 'visite', 'visites')} sur ${period} jours : ${plural(humans, 'personne', 'personnes')}, ${plural(bots, 'robot', 'robots')}, ${qr} par QR code.`}
              </p>
              <DaysChart days={data.days} />
              <div className="grid gap-4 sm:grid-cols-2">
                <Ranking title="Provenance" rows={data.referrers.map((r) => ({ name: r.host ?? 'Accès direct', visits: r.visits }))} />
                <Ranking title="Appareils" rows={data.devices.map((d) => ({ name: `${deviceName(d.device)} · ${d.system}`, visits: d.visits }))} />
              </div>
              <a href={csv} download={`statistiques-${shortCode}-${from}-${to}.csv`} className="text-sm text-accent hover:underline">
                Exporter en CSV
              </a>
            </>
          );
        }}
      </QueryView>
    </section>
  );
}
