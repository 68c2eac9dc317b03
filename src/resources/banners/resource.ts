import { presentResource } from '../../components/resource/presentation';
import { bannersContract, type Banner } from '../../domain';

/** All Banners with the Add New Banner dialog, the Edit Banner page and the banner's detail page. */
export default presentResource<Banner>(bannersContract, {
  heading: (banner) => banner.title,
  rowHeight: 64,
  showAll: {},
  formOrder: ['name', 'title', 'image', 'link'],
  fields: {
    image: {
      label: 'Image',
      kind: 'image',
      alt: (banner) => `${banner.name} banner`,
      column: { width: 140 },
      form: { widget: 'image', label: 'Banner Image', required: true },
    },
    name: {
      label: 'Name',
      column: { flex: 1, minWidth: 150, sortable: true },
      form: { widget: 'text', label: 'Banner Name', required: true },
    },
    title: {
      label: 'Title',
      column: { flex: 1.4, minWidth: 200 },
      form: { widget: 'text', label: 'Banner Title', required: true },
    },
    link: {
      label: 'Link',
      kind: 'link',
      column: { flex: 1, minWidth: 180 },
      form: {
        widget: 'url',
        helper: 'Optional: a URL such as https://example.com/sale, or a store path such as /collections/summer',
      },
    },
  },
});
