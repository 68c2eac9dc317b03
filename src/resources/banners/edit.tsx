import { ComingSoon } from '../../components/ComingSoon';

export default function BannerEdit() {
  return <ComingSoon title="Edit Banner" description="The banner editor is coming soon." />;
}
