import Check from '@mui/icons-material/Check';
import MoreVert from '@mui/icons-material/MoreVert';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import type SvgIcon from '@mui/material/SvgIcon';
import { Link } from 'react-router';
import { IconMenuItem } from './IconMenuItem';
import type { FieldOption } from './resource/presentation';
import { useMenu } from './useMenu';

/** An item of an ActionsMenu: it acts, or it opens a page. */
export type MenuAction = { label: string; icon: typeof SvgIcon } & ({ onClick: () => void } | { to: string });

/** A choice of one value in an ActionsMenu, under its heading, the current one ticked (a record's status). */
export interface MenuChoice {
  heading: string;
  options: readonly FieldOption[];
  current: string;
  onChoose: (value: string) => void;
}

/** A row's actions behind one button (its accessible name is `label`): the actions, then the choice where there is one. */
export function ActionsMenu({
  id,
  label,
  actions,
  choice,
}: {
  id: string;
  label: string;
  actions: MenuAction[];
  choice?: MenuChoice;
}) {
  const menu = useMenu();
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={menu.isOpen ? id : undefined}
        aria-expanded={menu.isOpen ? 'true' : undefined}
        onClick={menu.open}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu id={id} {...menu.props}>
        {actions.map((action) =>
          'to' in action ? (
            <IconMenuItem
              key={action.label}
              component={Link}
              to={action.to}
              onClick={menu.close}
              icon={action.icon}
              label={action.label}
            />
          ) : (
            <IconMenuItem
              key={action.label}
              onClick={menu.choose(action.onClick)}
              icon={action.icon}
              label={action.label}
            />
          ),
        )}
        {choice && [
          <Divider key="divider" />,
          <ListSubheader key="heading" sx={{ lineHeight: 2.5 }}>
            {choice.heading}
          </ListSubheader>,
          ...choice.options.map(({ value, label: option }) => {
            const current = value === choice.current;
            return (
              <IconMenuItem
                key={value}
                role="menuitemradio"
                aria-checked={current}
                selected={current}
                onClick={menu.choose(() => choice.onChoose(value))}
                icon={current ? Check : undefined}
                label={option}
              />
            );
          }),
        ]}
      </Menu>
    </>
  );
}
