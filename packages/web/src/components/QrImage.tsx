import { useEffect, useState } from 'react';

/** A QR code of `url` for a screen across the room: drawn as SVG by the qrcode library, loaded with the page that shows it. */
export function QrImage({ url, size }: { url: string; size: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 1, width: size, color: { dark: '#000000', light: '#ffffff' } }))
      .then(
        (out) => current && setSvg(out),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [url, size]);
  if (!svg) return <div className="rounded-lg bg-white/10" style={{ width: size, height: size }} aria-hidden="true" />;
  return <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} width={size} height={size} alt={`QR code vers ${url}`} className="rounded-lg bg-white" />;
}
