import { useEffect, useState } from 'react';

/** A QR code of `text`, drawn as SVG; the qrcode library loads with the page that shows one. */
export function QrCode({ text, size = 192 }: { text: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    setSvg(null);
    import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', margin: 1, width: size, color: { dark: '#000000', light: '#ffffff' } }))
      .then(
        (out) => current && setSvg(out),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [text, size]);
  if (failed) return <p className="text-sm text-error">Le QR code n’a pas pu être dessiné.</p>;
  if (!svg) return <div role="status" className="animate-pulse rounded bg-surface" style={{ width: size, height: size }} aria-label="QR code en préparation" />;
  const href = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <figure className="inline-flex flex-col items-start gap-2">
      <img src={href} width={size} height={size} alt={`QR code de ${text}`} className="rounded-lg bg-white" data-testid="qr-code" />
      <a href={href} download="qrcode.svg" className="text-sm text-accent hover:underline">
        Télécharger le QR code (SVG)
      </a>
    </figure>
  );
}
