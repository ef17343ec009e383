import { PlaceholderPage } from '../components/PlaceholderPage';

export default function DebugMobilePage() {
  return <PlaceholderPage title="Diagnostic mobile" />;
}
