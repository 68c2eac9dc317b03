import { RecordDetailsPage } from '../../components/record-details/RecordDetailsPage';
import type { Banner } from '../../domain';

export default function BannerShow() {
  return (
    <RecordDetailsPage<Banner>
      resource="banners"
      title="Banner Details"
      backTo="/banners"
      notFound="Banner not found."
      fields={[
        { label: 'Name', value: (banner) => banner.name },
        { label: 'Title', value: (banner) => banner.title },
        { label: 'Link', value: (banner) => banner.link ?? '' },
      ]}
    />
  );
}
