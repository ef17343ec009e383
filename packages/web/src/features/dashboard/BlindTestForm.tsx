import { useState } from 'react';
import { ReferenceName, ReferencePicker } from './ReferencePicker';
import { SchemaForm } from './SchemaForm';
import { PlaylistQuestions } from './PlaylistQuestions';
import { OrderedList } from './widgets/OrderedList';
import type { FormProps } from './QuestionForm';

const LABELS: Record<string, string> = {
  playlistUri: 'Playlist Spotify (facultative)',
  slowestShare: 'Part des points gardée par la réponse la plus lente (de 0 à 1)',
  streakBonus: 'Bonus par bonne réponse d’affilée (points)',
  wrongBuzzPenalty: 'Pénalité d’un mauvais buzz (points)',
  teams: 'Équipes, une par ligne (aucune : chacun joue pour soi)',
  teamScore: 'Score d’une équipe',
};

const MODES = [
  { value: 'answers', label: 'Réponses sur les téléphones', hint: 'Chacun tape sa réponse ou touche une des quatre réponses ; les plus rapides gagnent le plus.' },
  { value: 'buzzer', label: 'Buzzer', hint: 'Le premier à buzzer répond à voix haute, l’animateur juge ; une erreur passe la main.' },
] as const;

/**
 * A blind test's form: its title, event, place and status as the schema draws them; its
 * questions in the order they are played (added by search or from a Spotify playlist, reordered
 * like the dashboard's other ordered lists — drag, ↑ ↓ or Alt+↑ ↓ — and removed); its mode,
 * scoring and teams.
 */
export function BlindTestForm({ fields, value, onChange, errors }: FormProps) {
  const pick = (keys: string[]) => keys.flatMap((key) => fields.filter((f) => f.key === key).map((f) => ({ ...f, label: LABELS[key] ?? f.label })));
  const ids = Array.isArray(value['questionIds']) ? (value['questionIds'] as string[]) : [];
  const mode = value['mode'] === 'buzzer' ? 'buzzer' : 'answers';
  const inTeams = Array.isArray(value['teams']) && value['teams'].length > 0;
  const setIds = (next: string[]) => onChange({ ...value, questionIds: next });
  const [announce, setAnnounce] = useState('');
  const remove = (index: number) => {
    setIds(ids.filter((_, i) => i !== index));
    setAnnounce('Retiré de Questions.');
  };
  return (
    <div className="space-y-4">
      <SchemaForm fields={pick(['title', 'eventId', 'placeId', 'status'])} value={value} onChange={onChange} errors={errors} />
      <fieldset className="space-y-2 rounded-lg border border-line p-3">
        <legend className="px-1 text-sm font-medium">Questions ({ids.length}), dans l’ordre de jeu</legend>
        {ids.length === 0 && <p className="text-sm text-muted">Aucune question : ajoutez-en ci-dessous (créez-les d’abord dans Questions).</p>}
        <OrderedList id="field-questionIds-order" items={ids} onChange={setIds} label="Questions" onRemove={remove} render={(id) => <ReferenceName resource="questions" id={id} />} />
        <ReferencePicker
          id="field-questionIds"
          resource="questions"
          value=""
          label="Ajouter une question"
          onChange={(added) => {
            if (added && !ids.includes(added)) {
              setIds([...ids, added]);
              setAnnounce('Ajouté à Questions.');
            }
          }}
        />
        <PlaylistQuestions onAdd={(added, playlistUri) => onChange({ ...value, questionIds: [...ids, ...added], playlistUri: value['playlistUri'] || playlistUri })} />
        {errors['questionIds'] && <p className="text-sm text-error">{errors['questionIds']}</p>}
        <p role="status" className="sr-only">
          {announce}
        </p>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Mode de jeu</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {MODES.map((m) => (
            <label key={m.value} className="flex cursor-pointer gap-2 rounded-lg border border-line p-3 text-sm has-checked:border-accent has-checked:bg-accent/10">
              <input type="radio" name="blind-test-mode" value={m.value} checked={mode === m.value} onChange={() => onChange({ ...value, mode: m.value })} />
              <span>
                <span className="block font-semibold">{m.label}</span>
                <span className="text-muted">{m.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <SchemaForm fields={pick(['slowestShare', 'streakBonus', ...(mode === 'buzzer' ? ['wrongBuzzPenalty'] : ['autoReveal']), 'playlistUri'])} value={value} onChange={onChange} errors={errors} />
      <SchemaForm fields={pick(['teams', ...(inTeams ? ['teamScore'] : [])])} value={value} onChange={onChange} errors={errors} />
    </div>
  );
}
