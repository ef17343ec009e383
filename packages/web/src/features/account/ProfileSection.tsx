import { useId, useRef, useState, type FormEvent } from 'react';
import { MAX_IMAGE_UPLOAD_BYTES, ProfilePatchSchema, SessionService, type CurrentUser } from '@sortie/core';
import { BUTTON_CLASS, FIELD_CLASS, SECONDARY_BUTTON_CLASS } from '../../components/ui';
import { useUseCase } from '../../services/container-context';
import { useCities, usePreferredCity } from '../../services/preferences';
import { apiErrorMessage } from '../../data/api-error-message';
import { useAccountWrites } from '../../data/account';

/** The initials shown while a visitor has no picture: « Camille Durand » → « CD ». */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => word.charAt(0)).join('').toLocaleUpperCase('fr') || '?';
}

export function Avatar({ user, size = 64 }: { user: Pick<CurrentUser, 'avatar' | 'displayName'>; size?: number }) {
  if (user.avatar) return <img src={user.avatar} alt="" className="shrink-0 rounded-full object-cover" style={{ width: size, height: size }} width={size} height={size} />;
  return (
    <span className="flex shrink-0 items-center justify-center rounded-full bg-secondary font-bold" style={{ width: size, height: size, fontSize: size / 2.6 }} aria-hidden="true">
      {initialsOf(user.displayName)}
    </span>
  );
}

/**
 * /account's « Mon profil »: the name others see, the city the agenda opens on (the same list
 * as the header's picker; saving it makes it the agenda's city), and a picture uploaded and
 * resized by the server, or initials.
 */
export function ProfileSection({ user }: { user: CurrentUser }) {
  const account = useAccountWrites();
  const session = useUseCase(SessionService);
  const cities = useCities();
  const [, setPreferredCity] = usePreferredCity();
  const ids = useId();
  const file = useRef<HTMLInputElement>(null);
  const [displayName, setDisplayName] = useState(user.displayName);
  const [city, setCity] = useState(user.city ?? '');
  const [busy, setBusy] = useState<'profile' | 'avatar' | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const options = city && !cities.includes(city) ? [city, ...cities] : cities;

  /** The session shows the saved account everywhere (the header's menu too). */
  const refresh = () => session.reload();

  async function save(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = ProfilePatchSchema.safeParse({ displayName, city: city || null });
    if (!parsed.success) {
      setMessage({ ok: false, text: parsed.error.issues[0]?.message ?? 'Profil invalide.' });
      return;
    }
    setBusy('profile');
    try {
      const saved = await account.updateProfile(parsed.data);
      if (saved.city) setPreferredCity(saved.city);
      await refresh();
      setMessage({ ok: true, text: 'Profil enregistré.' });
    } catch (error) {
      setMessage({ ok: false, text: apiErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  async function upload(picture: File | undefined) {
    if (!picture) return;
    setMessage(null);
    if (picture.size > MAX_IMAGE_UPLOAD_BYTES) {
      setMessage({ ok: false, text: `Image trop volumineuse : ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} Mo au plus.` });
      return;
    }
    setBusy('avatar');
    try {
      await account.uploadAvatar(picture);
      await refresh();
      setMessage({ ok: true, text: 'Photo enregistrée.' });
    } catch (error) {
      setMessage({ ok: false, text: apiErrorMessage(error) });
    } finally {
      setBusy(null);
      if (file.current) file.current.value = '';
    }
  }

  async function removePicture() {
    setMessage(null);
    setBusy('avatar');
    try {
      await account.updateProfile({ avatar: null });
      await refresh();
      setMessage({ ok: true, text: 'Photo retirée : vos initiales la remplacent.' });
    } catch (error) {
      setMessage({ ok: false, text: apiErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="mt-8 rounded-2xl bg-surface p-5 ring-1 ring-line" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="text-xl font-bold">
        Mon profil
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Avatar user={user} size={72} />
        <div className="flex flex-wrap gap-2">
          <label className={`${SECONDARY_BUTTON_CLASS} cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent`}>
            {busy === 'avatar' ? 'Envoi…' : user.avatar ? 'Changer la photo' : 'Ajouter une photo'}
            <input ref={file} type="file" accept="image/*" className="sr-only" disabled={busy !== null} onChange={(e) => void upload(e.target.files?.[0])} />
          </label>
          {user.avatar && (
            <button type="button" className={SECONDARY_BUTTON_CLASS} disabled={busy !== null} onClick={() => void removePicture()}>
              Retirer la photo
            </button>
          )}
        </div>
      </div>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={(e) => void save(e)} noValidate>
        <label className="block text-sm font-medium">
          Nom affiché
          <input className={FIELD_CLASS} value={displayName} maxLength={80} autoComplete="nickname" onChange={(e) => setDisplayName(e.target.value)} />
        </label>
        <label className="block text-sm font-medium">
          Ma ville
          <select className={FIELD_CLASS} value={city} onChange={(e) => setCity(e.target.value)}>
            <option value="">Non renseignée</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <span className="mt-1 block text-xs font-normal text-muted">L’agenda s’ouvrira sur cette ville.</span>
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className={BUTTON_CLASS} disabled={busy !== null}>
            {busy === 'profile' ? 'Enregistrement…' : 'Enregistrer le profil'}
          </button>
        </div>
      </form>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`mt-3 text-sm ${message.ok ? 'text-success' : 'text-error'}`}>
          {message.text}
        </p>
      )}
    </section>
  );
}
