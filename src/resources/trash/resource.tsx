import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import { choices, presentResource, selectFilter } from '../../components/resource/presentation';
import { trashContract, type TrashItem } from '../../domain';
import { fieldLabel } from '../../domain/contract';

/** What the trash may hold, as its filter offers it. */
const KINDS = choices(['products', 'coupons', 'banners', 'blogs'], fieldLabel);

/** The trash, newest delete first; each row comes back with Restore or goes with Delete forever (admins, after a question). */
export default presentResource<TrashItem>(trashContract, {
  noun: 'trashed record',
  actions: [],
  recordLabel: (item) => item.label ?? 'this record',
  recordCalls: [
    {
      call: 'restore',
      icon: RestoreOutlined,
      done: 'Restored',
      failed: 'Failed to restore',
      // The record is back in its own list (and its figures).
      refreshes: (item) => item.resource,
    },
    {
      call: 'remove',
      label: 'Delete forever',
      named: (name) => `Delete ${name} forever`,
      icon: DeleteForeverOutlined,
      needs: 'delete',
      done: 'Deleted forever',
      failed: 'Failed to delete forever',
      confirm: 'It cannot be restored afterwards.',
    },
  ],
  texts: {
    title: 'Trash',
    subtitle: 'Deleted records come back with Restore until they are deleted for good',
    empty: 'The trash is empty.',
    noMatch: 'Nothing of this kind is in the trash.',
  },
  fields: {
    label: { label: 'Record', empty: '(no name)', column: { flex: 1, minWidth: 160 } },
    resource: { label: 'Kind', column: { width: 120 }, ...selectFilter(KINDS, 'All kinds') },
    deletedBy: {
      label: 'Deleted by',
      render: (item) => item.deletedBy.fullname,
      column: { width: 170, hideBelow: 'sm' },
    },
    deletedAt: {
      label: 'Deleted',
      kind: 'time',
      column: { width: 180, sortable: true },
    },
    purgeAt: {
      label: 'Deleted for good',
      kind: 'time',
      column: { width: 180, hideBelow: 'md' },
    },
  },
});
