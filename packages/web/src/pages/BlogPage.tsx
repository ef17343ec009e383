import { PlaceholderPage } from '../components/PlaceholderPage';

export default function BlogPage() {
  return <PlaceholderPage title="Blog" description="Les coulisses de Sortie, nos coups de cœur et les nouveautés." />;
}
