import { LegalDocument } from '../features/legal/LegalDocument';
import { LEGAL_NOTICE_INTRO, LEGAL_NOTICE_SECTIONS } from '../features/legal/legal-notice';

/** /legal: Mentions légales. */
export default function LegalPage() {
  return <LegalDocument title="Mentions légales" intro={LEGAL_NOTICE_INTRO} sections={LEGAL_NOTICE_SECTIONS} current="/legal" />;
}
