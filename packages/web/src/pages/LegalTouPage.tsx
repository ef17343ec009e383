import { LegalDocument } from '../features/legal/LegalDocument';
import { TERMS_INTRO, TERMS_SECTIONS } from '../features/legal/terms-of-use';

/** /legal/tou: Conditions générales d’utilisation. */
export default function LegalTouPage() {
  return <LegalDocument title="Conditions générales d’utilisation" intro={TERMS_INTRO} sections={TERMS_SECTIONS} current="/legal/tou" />;
}
