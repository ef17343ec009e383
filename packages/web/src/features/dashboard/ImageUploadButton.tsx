import { useRef, useState } from 'react';
import { MAX_IMAGE_UPLOAD_BYTES, type ImageRefLike } from '@sortie/core';
import { apiErrorMessage } from '../../data/api-error-message';
import { usePanelWrites } from '../../data/dashboard-panels';

type UploadState = { status: 'idle' } | { status: 'sending'; name: string } | { status: 'failed'; message: string };

const TOO_LARGE = `Image trop volumineuse : ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} Mo au plus.`;

/** What the browser already knows is refused, said before anything is sent. */
function refusal(file: File): string | null {
  if (file.type && !file.type.startsWith('image/')) return `« ${file.name} » n’est pas une image : choisissez un fichier JPEG, PNG, WebP, AVIF ou GIF.`;
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return TOO_LARGE;
  return null;
}

/**
 * « Téléverser une image »: a button (reached and pressed with the keyboard) that opens the
 * file picker, sends the file to the server, which makes its widths and formats, and hands
 * the uploaded image to `onUploaded`. While it is sent the button says so; a refusal is read
 * out in French.
 */
export function ImageUploadButton({ onUploaded, alt = '', label = 'Téléverser une image' }: { onUploaded: (image: ImageRefLike) => void; alt?: string; label?: string }) {
  const panels = usePanelWrites();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const sending = state.status === 'sending';

  async function send(file: File) {
    const refused = refusal(file);
    if (refused) {
      setState({ status: 'failed', message: refused });
      return;
    }
    setState({ status: 'sending', name: file.name });
    try {
      const image = await panels.uploadImage(file, alt);
      setState({ status: 'idle' });
      onUploaded(image);
    } catch (error) {
      setState({ status: 'failed', message: apiErrorMessage(error) });
    }
  }

  return (
    <div className="space-y-1">
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label={label}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied at once, so that choosing the same file again still sends it.
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <button
        type="button"
        disabled={sending}
        aria-busy={sending || undefined}
        onClick={() => input.current?.click()}
        className="rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60"
      >
        {sending ? 'Envoi en cours…' : label}
      </button>
      <p role="status" className="text-xs text-muted">
        {sending ? `Envoi de « ${state.name} » : l’image est redimensionnée…` : ''}
      </p>
      {state.status === 'failed' && (
        <p role="alert" className="text-sm text-error">
          {state.message}
        </p>
      )}
    </div>
  );
}
