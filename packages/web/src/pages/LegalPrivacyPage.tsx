import { LegalDocument } from '../features/legal/LegalDocument';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../features/legal/privacy-policy';

/** /legal/privacy: Données personnelles et cookies. */
export default function LegalPrivacyPage() {
  return <LegalDocument title="Données personnelles et cookies" intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} current="/legal/privacy" />;
}
