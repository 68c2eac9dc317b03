import { ComingSoon } from '../../components/ComingSoon';

export default function BlogCreate() {
  return <ComingSoon title="Add New Blog" description="The blog editor is coming soon." />;
}
