import { shownSections, type BracketSection, type Tournament } from '@sortie/core';
import { BracketLines } from './BracketLines';
import { MatchCard, type BoardSize } from './MatchCard';

/**
 * The bracket as core lays it out: sections (main, losers', finals, groups), each in rounds.
 * On a page the rounds follow each other, matches in a grid; on the venue's screen each round
 * is a column and its matches spread along it, as a drawn bracket.
 */
export function BracketView({
  tournament,
  size = 'page',
  highlightFor,
  callouts = NO_CALLOUTS,
  sections = shownSections(tournament),
}: {
  tournament: Tournament;
  size?: BoardSize;
  highlightFor?: string | null;
  callouts?: ReadonlyMap<string, string>;
  /** The part of the bracket to draw (a screen's page); by default all of it, never the padding of a bracket (« Exempt / Exempt — Joué »), only the matches someone plays or a bye. */
  sections?: BracketSection[];
}) {
  if (sections.length === 0) return <p className="text-muted">Le tableau sera tiré au démarrage du tournoi.</p>;
  if (size === 'screen') {
    // As brackets are drawn on paper: the main and losers' brackets one above the other, the
    // finals to their right, groups side by side; the screen then scales the whole to fit.
    const finals = sections.filter((s) => s.bracket === 'grand_final' || s.bracket === 'third_place');
    const groups = sections.filter((s) => s.group !== undefined);
    const main = sections.filter((s) => !finals.includes(s) && !groups.includes(s));
    return (
      <div className="flex items-center gap-16">
        <div className="flex flex-col gap-10">
          {groups.length > 0 && (
            <div className="grid grid-cols-2 gap-x-16 gap-y-10">
              {groups.map((section) => (
                <ScreenSection key={section.key} tournament={tournament} section={section} callouts={callouts} />
              ))}
            </div>
          )}
          {main.map((section) => (
            <ScreenSection key={section.key} tournament={tournament} section={section} callouts={callouts} />
          ))}
        </div>
        {finals.length > 0 && (
          <div className="flex flex-col gap-10">
            {finals.map((section) => (
              <ScreenSection key={section.key} tournament={tournament} section={section} callouts={callouts} />
            ))}
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-8">
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`section-${section.key}`}>
          <h3 id={`section-${section.key}`} className="text-lg font-bold">
            {section.title}
          </h3>
          {section.rounds.map((round) => (
            <div key={round.round} className="mt-3">
              <h4 className="text-sm font-semibold text-muted">{round.title}</h4>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                {round.matches.map((match) => (
                  <li key={match.id}>
                    <MatchCard tournament={tournament} match={match} highlightFor={highlightFor} callout={callouts.get(match.id)} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

const NO_CALLOUTS: ReadonlyMap<string, string> = new Map();

function ScreenSection({ tournament, section, callouts }: { tournament: Tournament; section: BracketSection; callouts: ReadonlyMap<string, string> }) {
  return (
    <section aria-label={section.title}>
      <h2 className="mb-3 text-3xl font-bold text-accent">{section.title}</h2>
      <BracketLines matches={section.rounds.flatMap((round) => round.matches)}>
        <div className="flex items-stretch gap-12">
          {section.rounds.map((round) => (
            <div key={round.round} className="flex flex-col">
              <h3 className="mb-2 text-xl font-semibold text-muted">{round.title}</h3>
              <ul className="flex flex-1 flex-col justify-around gap-4">
                {round.matches.map((match) => (
                  <li key={match.id} data-match-id={match.id}>
                    <MatchCard tournament={tournament} match={match} size="screen" callout={callouts.get(match.id)} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </BracketLines>
    </section>
  );
}
