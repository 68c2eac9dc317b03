import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { onDemand } from '../on-demand';
import { useMenu } from '../useMenu';
import { useAllowed, type AccessCheck } from './use-allowed';

export interface QuickAction {
  label: string;
  /** Where the action opens its dialog (see createActionHref). */
  to: string;
  /** The add it stands for: offered only to a role that may do it. */
  access: AccessCheck;
}

const QuickAddList = onDemand(
  () => import('./QuickAddList'),
  ({ menu }) => menu.isOpen,
);

/** The header's Quick Add: the adds the signed-in role may do; no button for a role that may do none. */
export function QuickAddMenu({ actions }: { actions: QuickAction[] }) {
  const menu = useMenu();
  const allowed = useAllowed(actions);
  const offered = actions.filter(allowed);
  if (offered.length === 0) return null;
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-expanded={menu.isOpen}
        onClick={menu.open}
      >
        Quick Add
      </Button>
      <QuickAddList menu={menu} offered={offered} />
    </>
  );
}
