import { hardestQuestions, type ReportRow } from '@sortie/core';
import { blindTestReportQuery } from '../../data/games';
import { useQuery } from '../../data/useQuery';
import { apiErrorMessage } from '../../data/api-error-message';
import { plural, pointsText } from './blind-test-text';

/**
 * After the podium, on the host's desk (issue 32): the questions the room found hardest first,
 * then each player's answers question by question (right or wrong, the time, the points). The
 * same rows as the CSV the desk offers to download.
 */
export function GameReportPanel({ id, round }: { id: string; round: number }) {
  const report = useQuery(blindTestReportQuery(id, round));
  if (report.status === 'loading') return <p className="text-sm text-muted">Chargement du rapport…</p>;
  if (report.status === 'error') return <p className="text-sm text-error">Rapport indisponible : {apiErrorMessage(report.error)}</p>;
  const rows = report.data.rows;
  if (rows.length === 0) return <p className="text-sm text-muted">Aucune question n’a été posée : pas de rapport.</p>;
  const questions = [...new Map(rows.map((r) => [r.questionIndex, r.question])).entries()].sort(([a], [b]) => a - b);
  const players = [...new Map(rows.map((r) => [r.playerId, r.nickname])).entries()];
  const cell = new Map(rows.map((r) => [`${r.playerId}:${r.questionIndex}`, r]));
  return (
    <section aria-label="Rapport de la partie" className="space-y-4 rounded-xl bg-surface p-4">
      <h2 className="text-lg font-bold">Rapport de la partie</h2>
      <div>
        <h3 className="font-semibold">Les questions les plus difficiles</h3>
        <ol aria-label="Questions les plus difficiles" className="mt-1 list-decimal space-y-1 pl-5">
          {hardestQuestions(rows).map((q) => (
            <li key={q.questionIndex}>
              Q{q.questionIndex + 1} · {q.question} — {plural(q.correct, 'bonne réponse', 'bonnes réponses')} sur {plural(q.players, 'joueur')}
            </li>
          ))}
        </ol>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-semibold">Les réponses de chaque joueur</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-3">
                Joueur
              </th>
              {questions.map(([index, question]) => (
                <th key={index} scope="col" className="pr-3" title={question}>
                  Q{index + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {players.map(([playerId, nickname]) => (
              <tr key={playerId}>
                <th scope="row" className="pr-3 font-medium">
                  {nickname}
                </th>
                {questions.map(([index]) => (
                  <td key={index} className="pr-3 tabular-nums">
                    {answerCell(cell.get(`${playerId}:${index}`))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** « juste · 95 pts · 3,2 s », « faux · 4,8 s », « — » without an answer. */
function answerCell(row: ReportRow | undefined): string {
  if (!row || !row.answered) return '—';
  const time = row.elapsedMs === null ? '' : ` · ${(row.elapsedMs / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} s`;
  return row.correct ? `juste · ${pointsText(row.points)}${time}` : `faux${time}`;
}
