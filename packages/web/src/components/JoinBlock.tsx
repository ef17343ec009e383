import { joinCodeUrl, NavigatorPort, shortJoinAddress } from '@sortie/core';
import { QrImage } from './QrImage';
import { useRuntimeConfig, useUseCase } from '../services/container-context';

/** The site's public address: SORTIE_PUBLIC_URL's origin (/api/config) when set, else the page's own. */
export function usePublicOrigin(): string {
  const { publicUrl } = useRuntimeConfig();
  const navigator = useUseCase(NavigatorPort);
  return publicUrl ?? navigator.currentUrl().origin;
}

/**
 * The sizes of each look, capped by the viewport as well as the text size: a TV set to 200 %
 * text size still shows the whole block (`min(…rem, …vh)`), while a desk follows the text size.
 */
const LOOKS = {
  screen: { qr: 280, address: 'min(3.5rem, 7vh, 4.2vw)', code: 'min(7rem, 15vh, 8vw)', lead: 'min(2rem, 4.5vh, 2.5vw)' },
  /** A TV's side column, beside a bracket: stacked, a smaller QR code. */
  side: { qr: 200, address: 'min(2rem, 5vh, 2.4vw)', code: 'min(4rem, 10vh, 5vw)', lead: 'min(1.25rem, 3.2vh, 1.5vw)' },
  desk: { qr: 160, address: 'min(1.75rem, 5vh, 5vw)', code: 'min(3.5rem, 9vh, 9vw)', lead: 'min(1rem, 3vh, 4vw)' },
} as const;

/**
 * How a phone joins a live game (issue 32), on the venue's screen and the host's desk: the QR
 * code of `{public address}/j/{code}`, and for a phone without a camera the short address
 * `{host}/j` in large type and the 6-digit code in large digits. No game id anywhere.
 */
export function JoinBlock({ code, look = 'screen', caption = 'Scannez pour jouer' }: { code: string; look?: keyof typeof LOOKS; caption?: string }) {
  const origin = usePublicOrigin();
  const size = LOOKS[look];
  return (
    <section aria-label="Rejoindre la partie" data-join-block className={`flex max-w-full min-w-0 flex-wrap items-center gap-[min(3rem,4vw)] ${look === 'side' ? 'justify-center' : ''}`}>
      <figure className="flex shrink-0 flex-col items-center gap-2">
        <QrImage url={joinCodeUrl(origin, code)} size={size.qr} />
        <figcaption className="text-muted" style={{ fontSize: size.lead }}>
          {caption}
        </figcaption>
      </figure>
      <div className="min-w-0">
        <p className="text-muted" style={{ fontSize: size.lead }}>
          Sans QR code, allez sur
        </p>
        <p className="font-bold [overflow-wrap:anywhere]" style={{ fontSize: size.address, lineHeight: 1.15 }} data-join-address>
          {shortJoinAddress(origin)}
        </p>
        <p className="mt-[0.4em] text-muted" style={{ fontSize: size.lead }}>
          et tapez le code
        </p>
        <p aria-label="Code de la partie" className="font-mono leading-none font-extrabold whitespace-nowrap text-accent tabular-nums" style={{ fontSize: size.code }} data-join-code>
          {code.slice(0, 3)}
          <span className="ml-[0.3em]">{code.slice(3)}</span>
        </p>
      </div>
    </section>
  );
}

/** The same in one line, at the foot of a screen during the game: latecomers still join. */
export function JoinLine({ code, className = '' }: { code: string; className?: string }) {
  const origin = usePublicOrigin();
  return (
    <p aria-label="Pour rejoindre" className={`shrink-0 truncate text-muted ${className}`} style={{ fontSize: 'min(1.5rem, 3.5vh)' }}>
      Pour jouer : <strong className="text-white">{shortJoinAddress(origin)}</strong>, code{' '}
      <strong className="font-mono text-accent tabular-nums">
        {code.slice(0, 3)} {code.slice(3)}
      </strong>
    </p>
  );
}
