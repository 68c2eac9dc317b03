import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useCustomMutation } from '@refinedev/core';
import { useCallback } from 'react';
import ResourceListScreen from '../../components/resource/ResourceListScreen';
import { staffContract, type StaffMember } from '../../domain';
import { serverMessageOr } from '../../providers/http';
import team from './resource';

/**
 * The generated Team list with an Unlock per member: failed sign-ins only slow an account down, but an
 * address that failed too often is refused for it until the window passes; Unlock forgets them all.
 */
export default function TeamList() {
  const { mutate, mutation } = useCustomMutation<{ message?: string }>();
  const unlock = useCallback(
    (member: StaffMember) => (
      <Tooltip title="Unlock sign-in">
        <IconButton
          size="small"
          aria-label={`Unlock ${member.fullname}`}
          disabled={mutation.isPending}
          onClick={() =>
            mutate({
              url: staffContract.url(staffContract.calls!.unlock!.path, member._id),
              method: 'post',
              values: {},
              successNotification: (response) => ({
                type: 'success',
                message: response?.data.message ?? 'Sign-in attempts cleared',
              }),
              errorNotification: (error) => ({
                type: 'error',
                message: serverMessageOr(error, 'Failed to unlock the account'),
              }),
            })
          }
        >
          <LockOpenOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
    [mutate, mutation.isPending],
  );
  return <ResourceListScreen presentation={team} rowExtra={unlock} />;
}
