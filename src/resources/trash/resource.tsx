import { presentResource } from '../../components/resource/presentation';
import { formatDateTime, trashContract, type TrashItem } from '../../domain';

/** What the trash may hold, as its filter offers it. */
const KINDS = [
  { value: 'products', label: 'Products' },
  { value: 'coupons', label: 'Coupons' },
  { value: 'banners', label: 'Banners' },
  { value: 'blogs', label: 'Blogs' },
];

/** The trash, newest delete first; each row comes back with Restore or goes with Delete forever (list.tsx). */
export default presentResource<TrashItem>(trashContract, {
  noun: 'trashed record',
  actions: [],
  texts: {
    title: 'Trash',
    subtitle: 'Deleted records come back with Restore until they are deleted for good',
    empty: 'The trash is empty.',
    noMatch: 'Nothing of this kind is in the trash.',
  },
  fields: {
    label: { label: 'Record', empty: '(no name)', column: { flex: 1, minWidth: 160 } },
    resource: {
      label: 'Kind',
      format: (resource: string) => KINDS.find((kind) => kind.value === resource)?.label ?? resource,
      column: { width: 120 },
      filter: 'select',
      options: KINDS,
      allLabel: 'All kinds',
    },
    deletedBy: {
      label: 'Deleted by',
      render: (item) => item.deletedBy.fullname,
      column: { width: 170, hideBelow: 'sm' },
    },
    deletedAt: {
      label: 'Deleted',
      format: (at: string) => formatDateTime(at),
      column: { width: 180, sortable: true },
    },
    purgeAt: {
      label: 'Deleted for good',
      format: (at: string) => formatDateTime(at),
      column: { width: 180, hideBelow: 'md' },
    },
  },
});
