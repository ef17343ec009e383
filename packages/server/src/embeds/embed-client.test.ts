import { describe, expect, it } from 'vitest';
import { embedLoaderScript, embedPageScript, renderBracket, renderLeaderboard } from './embed-client';

const ORIGIN = 'https://sortie.example';

describe('what the embeds draw', () => {
  it('draws a bracket by round, scores and winner in French, names escaped', () => {
    const html = renderBracket(
      {
        _id: 't1', name: 'Baby-foot', game: 'Baby-foot', status: 'running', winnerId: null,
        participants: [{ id: 'a', name: 'Alex <3' }, { id: 'b', name: 'Noé' }],
        matches: [{ id: 'm1', bracket: 'winners', round: 1, a: 'a', b: 'b', scoreA: 3, scoreB: 0, winner: 'a', status: 'done' }, { id: 'm2', bracket: 'winners', round: 2, a: 'a', b: null, scoreA: null, scoreB: null, winner: null, status: 'pending' }],
      },
      ORIGIN,
    );
    expect(html).toContain('<a href="https://sortie.example/tournaments/t1" target="_blank" rel="noopener">Baby-foot</a>');
    expect(html).toContain('Baby-foot · En cours');
    expect(html).toContain('<h2>Tableau · tour 1</h2>');
    expect(html).toContain('<span class="side won"><span class="who">Alex &#60;3</span><span class="score">3</span></span>');
    expect(html).toContain('<span class="who">À déterminer</span><span class="score">–</span>');
  });

  it('draws a blind test’s teams and its first ten players', () => {
    const leaderboard = Array.from({ length: 12 }, (_, i) => ({ nickname: `Joueur ${i + 1}`, score: 1000 - i * 10, rank: i + 1 }));
    const html = renderLeaderboard({ blindTestId: 'b1', title: 'Années 80', role: 'screen', status: 'reveal', leaderboard, teams: [{ team: 'Les Rouges', score: 900, rank: 1 }] }, ORIGIN);
    expect(html).toContain('Blind test · Réponse dévoilée');
    expect(html).toContain('<h2>Équipes</h2><ol><li class="side"><span class="who">1. Les Rouges</span><span class="score">900 pts</span></li></ol>');
    expect(html).toContain('10. Joueur 10');
    expect(html).not.toContain('Joueur 11');
    expect(renderLeaderboard({ blindTestId: 'b1', title: 'Années 80', role: 'closed' }, ORIGIN)).toContain('La partie n’est pas ouverte.');
  });

  it('sends each script as source a browser runs on its own, the site’s origin written into embed.js', () => {
    expect(() => new Function(embedPageScript())).not.toThrow();
    expect(embedLoaderScript(ORIGIN)).toContain('("https://sortie.example")');
  });
});
