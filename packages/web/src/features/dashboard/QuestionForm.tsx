import type { Field } from './schema-fields';
import { SchemaForm, type Errors } from './SchemaForm';
import { COMPACT_FIELD_CLASS } from '../../components/ui';

type Value = Record<string, unknown>;
export interface FormProps {
  fields: Field[];
  value: Value;
  onChange: (value: Value) => void;
  errors: Errors;
}

const KINDS = [
  { value: 'track', label: 'Extrait musical', hint: 'Les joueurs trouvent le titre, l’artiste ou les deux.' },
  { value: 'text', label: 'Réponse libre', hint: 'Les joueurs tapent leur réponse (accents, majuscules et petites fautes pardonnés).' },
  { value: 'choices', label: 'Quatre réponses', hint: 'Les joueurs touchent une des quatre réponses.' },
] as const;

const ASKS = [
  { value: 'both', label: 'Le titre et l’artiste (la moitié des points chacun)' },
  { value: 'title', label: 'Le titre' },
  { value: 'artist', label: 'L’artiste' },
] as const;

/** What each kind of question shows, in order, and under which label. */
const LABELS: Record<string, string> = {
  title: 'Titre attendu',
  artist: 'Artiste attendu',
  prompt: 'Question',
  answers: 'Réponses acceptées (une par ligne)',
  trackUri: 'Morceau Spotify (spotify:track:…)',
  audioUrl: 'Fichier audio (joué par le navigateur de l’animateur sans Spotify)',
  offsetSeconds: 'Début de l’extrait (secondes)',
  coverUrl: 'Pochette (montrée à la révélation)',
  points: 'Points',
  timeLimitSeconds: 'Temps pour répondre (secondes)',
};
const SHOWN: Record<string, string[]> = {
  track: ['title', 'artist'],
  text: ['prompt', 'answers'],
  choices: ['prompt'],
};
const TRACK_MEDIA = ['trackUri', 'audioUrl', 'offsetSeconds', 'coverUrl'];
/** What a kind does not use: dropped when the kind changes, so that a half-typed other kind cannot block the save. */
const UNUSED: Record<string, string[]> = {
  track: ['answers', 'choices', 'correctChoice'],
  text: ['title', 'artist', 'choices', 'correctChoice', 'trackUri', 'audioUrl', 'offsetSeconds', 'coverUrl'],
  choices: ['title', 'artist', 'answers', 'trackUri', 'audioUrl', 'offsetSeconds', 'coverUrl'],
};


/**
 * A question's form by kind: an extract (title, artist, what is asked, the Spotify track or the
 * audio file and where it starts), a free answer (the accepted answers), or four answers and
 * the right one; then its points and time limit. The other fields stay the schema's.
 */
export function QuestionForm({ fields, value, onChange, errors }: FormProps) {
  const kind = typeof value['kind'] === 'string' ? value['kind'] : 'text';
  const pick = (keys: string[]) => keys.flatMap((key) => fields.filter((f) => f.key === key).map((f) => ({ ...f, label: key === 'prompt' && kind === 'track' ? 'Consigne (facultative)' : (LABELS[key] ?? f.label) })));
  const setKind = (next: string) => {
    const kept = Object.fromEntries(Object.entries(value).filter(([key]) => !UNUSED[next]?.includes(key)));
    onChange({ ...kept, kind: next, ...(next === 'choices' && !Array.isArray(value['choices']) ? { choices: ['', '', '', ''] } : {}) });
  };
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Type de question</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {KINDS.map((k) => (
            <label key={k.value} className="flex cursor-pointer gap-2 rounded-lg border border-line p-3 text-sm has-checked:border-accent has-checked:bg-accent/10">
              <input type="radio" name="question-kind" value={k.value} checked={kind === k.value} onChange={() => setKind(k.value)} />
              <span>
                <span className="block font-semibold">{k.label}</span>
                <span className="text-muted">{k.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <SchemaForm fields={pick(SHOWN[kind] ?? [])} value={value} onChange={onChange} errors={errors} />
      {kind === 'track' && (
        <>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">Les joueurs doivent trouver</legend>
            {ASKS.map((a) => (
              <label key={a.value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="question-ask" value={a.value} checked={(value['ask'] ?? 'both') === a.value} onChange={() => onChange({ ...value, ask: a.value })} />
                {a.label}
              </label>
            ))}
          </fieldset>
          <SchemaForm fields={pick(['prompt', ...TRACK_MEDIA])} value={value} onChange={onChange} errors={errors} />
        </>
      )}
      {kind === 'choices' && <ChoicesInput value={value} onChange={onChange} errors={errors} />}
      <SchemaForm fields={pick(['points', 'timeLimitSeconds'])} value={value} onChange={onChange} errors={errors} />
    </div>
  );
}

function ChoicesInput({ value, onChange, errors }: { value: Value; onChange: (value: Value) => void; errors: Errors }) {
  const choices = Array.isArray(value['choices']) ? (value['choices'] as string[]) : [];
  const four = [0, 1, 2, 3].map((i) => choices[i] ?? '');
  const right = typeof value['correctChoice'] === 'number' ? value['correctChoice'] : undefined;
  const error = errors['choices'] ?? errors['correctChoice'] ?? [0, 1, 2, 3].map((i) => errors[`choices.${i}`]).find(Boolean);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">
        Les quatre réponses <span className="font-normal text-muted">(cochez la bonne)</span>
      </legend>
      {four.map((choice, i) => (
        <div key={i} className="flex items-center gap-2">
          <input type="radio" name="question-correct" aria-label={`Bonne réponse : ${String.fromCharCode(65 + i)}`} checked={right === i} onChange={() => onChange({ ...value, choices: four, correctChoice: i })} />
          <input
            type="text"
            aria-label={`Réponse ${String.fromCharCode(65 + i)}`}
            value={choice}
            maxLength={200}
            aria-invalid={Boolean(errors[`choices.${i}`]) || undefined}
            onChange={(e) => onChange({ ...value, choices: four.map((c, j) => (j === i ? e.target.value : c)) })}
            className={COMPACT_FIELD_CLASS}
          />
        </div>
      ))}
      {error && <p className="text-sm text-error">{error}</p>}
    </fieldset>
  );
}
