import QRCode from 'qrcode';

/**
 * What a visual's QR code holds: the short link, whole (https://…/r/{code}), so that a phone
 * opens it as it is and the visit is counted. Error correction M: still read on a creased
 * poster, and small enough to stay readable at 2 cm.
 */
export function qrPayload(shortUrl: string): string {
  // `?q` marks the visit as a QR code's in the link's statistics (issue 36); it leads where the link does.
  const url = new URL(shortUrl);
  if (url.pathname.startsWith('/r/') && !url.searchParams.has('q')) url.search = url.search ? `${url.search}&q` : 'q';
  return url.toString();
}

const OPTIONS = { errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000ff', light: '#ffffffff' } } as const;

/** The QR code as a PNG of `width` pixels (quiet zone included), black on white. */
export function qrPng(shortUrl: string, width: number): Promise<Buffer> {
  return QRCode.toBuffer(qrPayload(shortUrl), { ...OPTIONS, type: 'png', width });
}

/** Its modules (true = dark), without the quiet zone: the PDF draws them as squares. */
export function qrModules(shortUrl: string): boolean[][] {
  const { modules } = QRCode.create(qrPayload(shortUrl), { errorCorrectionLevel: OPTIONS.errorCorrectionLevel });
  const size = modules.size;
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => Boolean(modules.get(row, col))));
}
