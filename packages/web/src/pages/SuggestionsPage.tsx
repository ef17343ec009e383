import { PlaceholderPage } from '../components/PlaceholderPage';

export default function SuggestionsPage() {
  return <PlaceholderPage title="Suggestions" description="Des idées de sorties choisies pour vous." />;
}
