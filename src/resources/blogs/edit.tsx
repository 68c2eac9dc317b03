import { ComingSoon } from '../../components/ComingSoon';

export default function BlogEdit() {
  return <ComingSoon title="Edit Blog" description="The blog editor is coming soon." />;
}
